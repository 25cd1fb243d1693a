"""Joining: resolving a reference against a URL, and appending path segments given as text.

``join`` is the URL Standard's resolution (https://url.spec.whatwg.org/#concept-basic-url-parser
with a base URL): ``url.join(ref)`` is ``URL(ref, base=url)``. ``joinpath`` is not resolution:
its arguments are segments of text, never URL syntax, so that a segment cannot change the
scheme, host or port, or climb the path (yarl's ``/`` refuses or encodes the same inputs).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from urlspec.toolkit._common import U, encode_segment, path_segments, with_path_segments
from urlspec.validation import quote

if TYPE_CHECKING:
    from urlspec.url import URL

__all__ = ["join", "joinpath"]


def join(url: U, reference: str | URL) -> U:
    """``reference`` resolved against ``url``: ``URL(reference, base=url)`` of ``url``'s class.

    InvalidURL when the reference cannot be resolved (e.g. ``"http://[::1"``).
    """
    ref = reference if isinstance(reference, str) else reference.href
    return type(url)(ref, base=url)


def joinpath(url: U, *segments: str) -> U:
    """``url`` with ``segments`` appended to its path, each percent-encoded as one segment.

    * Each segment is text: "/", "?", "#", "%", "\\" and "|" inside it are percent-encoded (they
      stay inside the segment); an empty segment gives an empty segment ("a//b").
    * "." and ".." (and "%2e", ".%2E", ...) raise ValueError; so does a URL with an opaque path
      (``mailto:x``), which has no segments to append to.
    * A trailing empty segment (the URL ends in "/") is replaced by the first new segment, so
      ``URL("http://h/a/").joinpath("b")`` and ``URL("http://h/a").joinpath("b")`` are both
      ``http://h/a/b``; with no segments the URL is returned as it is.
    * The query and fragment are dropped (they belonged to the old path), as yarl's ``/`` does.

    The scheme, credentials, host and port never change.
    """
    if not segments:
        return url
    path = path_segments(url)
    if path is None:
        raise ValueError(
            f"cannot append path segments to a URL with an opaque path: {quote(url.href)}"
        )
    encoded = [encode_segment(segment) for segment in segments]
    kept = path[:-1] if path and path[-1] == "" else path
    return with_path_segments(url, [*kept, *encoded])

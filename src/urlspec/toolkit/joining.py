"""Joining: resolving a reference against a URL, and appending path segments given as text.

``join`` is the URL Standard's resolution (https://url.spec.whatwg.org/#concept-basic-url-parser
with a base URL): ``url.join(ref)`` is ``URL(ref, base=url)``. ``joinpath`` is not resolution:
its arguments are paths of text split on "/" (as yarl's and pathlib's ``/`` split them), never
URL syntax, so that they cannot change the scheme, host or port, or climb the path (yarl's
``/`` refuses or encodes the same inputs).
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


def joinpath(url: U, *paths: str, encoded: bool = False) -> U:
    """``url`` with ``paths`` appended to its path, split on "/" as yarl and pathlib split them.

    * Each argument is text, split on "/" into segments, each percent-encoded to stay one
      segment with its text: "?", "#", "%", "\\" and "|" inside it are percent-encoded
      (``"v1/users"`` is two segments, ``"a b"`` one, ``a%20b``).
    * ``encoded=True``: the arguments are already percent-encoded: "%" starts a percent-encoded
      byte and is kept, so ``joinpath("a%2Fb", encoded=True)`` is one segment holding a "/"
      (what yarl's ``encoded=True`` does); the rest is encoded as for text.
    * An argument that starts with "/" raises ValueError (it would not append but replace the
      path, as pathlib's ``/`` does: refused, as yarl refuses it); so do segments "." and ".."
      (and "%2e", ".%2E", ...), and a URL with an opaque path (``mailto:x``), which has no
      segments to append to.
    * A trailing "/" of the URL or of an argument but the last is no segment
      (``URL("http://h/a/").joinpath("b/", "c")`` is ``http://h/a/b/c``); the last argument's
      trailing "/" is kept, and an empty last argument adds one (``http://h/a/``). Empty
      segments inside an argument are kept (``"a//b"``). With no arguments the URL is returned
      as it is.
    * The query and fragment are dropped (they belonged to the old path), as yarl's ``/`` does.

    The scheme, credentials, host and port never change.
    """
    if not paths:
        return url
    path = path_segments(url)
    if path is None:
        raise ValueError(
            f"cannot append path segments to a URL with an opaque path: {quote(url.href)}"
        )
    added: list[str] = []
    last = len(paths) - 1
    for index, text in enumerate(paths):
        if not isinstance(text, str):
            raise TypeError(f"a path segment must be a str, not {type(text).__name__}")
        if text[:1] == "/":
            raise ValueError(f"cannot append a path starting with '/': {quote(text)}")
        pieces = text.split("/")
        if index != last and len(pieces) > 1 and pieces[-1] == "":
            pieces.pop()  # "b/" then "c": b/c
        if index != last and text == "":
            continue  # an empty argument but the last adds nothing (yarl, pathlib)
        added.extend(encode_segment(piece, encoded) for piece in pieces)
    kept = path[:-1] if path and path[-1] == "" else path
    return with_path_segments(url, [*kept, *added])

"""Joining: resolving a reference against a URL, and appending path segments given as text.

``join`` is the URL Standard's resolution (https://url.spec.whatwg.org/#concept-basic-url-parser
with a base URL): ``url.join(ref)`` is ``URL(ref, base=url)``. ``joinpath`` is not resolution:
its arguments are paths of text split on "/" (as yarl's and pathlib's ``/`` split them), never
URL syntax, so that they cannot change the scheme, host or port, or climb the path (yarl's
``/`` refuses or encodes the same inputs).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from urlspec.toolkit._common import (
    OPAQUE_PATH,
    U,
    encode_segment,
    href_with_path,
    new_url,
    split_href,
)
from urlspec.validation import quote

if TYPE_CHECKING:
    from urlspec.url import URL

__all__ = ["join", "joinpath", "joinpath_href"]


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
    return new_url(url, joinpath_href(url, paths, encoded))


def joinpath_href(url: URL, paths: tuple[str, ...], encoded: bool = False) -> str:
    """The href of :func:`joinpath`'s URL (``url.href`` itself when ``paths`` is empty).

    The path is edited as the serialized string (:func:`urlspec.toolkit._common.split_href`):
    the URL's path without one trailing "/" (its trailing empty segment), then "/" and each
    segment added, which is how the URL serializer writes the segments joined
    (``tests/test_joining.py`` proves it equal to the pathname setter's result).
    """
    href = url.href
    if not paths:
        return href
    head_end, path_start, query, _, kind = split_href(href)
    if kind == OPAQUE_PATH:
        raise ValueError(f"cannot append path segments to a URL with an opaque path: {quote(href)}")
    added: list[str] = []
    last = len(paths) - 1
    for index, text in enumerate(paths):
        if not isinstance(text, str):
            raise TypeError(f"a path segment must be a str, not {type(text).__name__}")
        if text[:1] == "/":
            raise ValueError(f"cannot append a path starting with '/': {quote(text)}")
        if index != last and text == "":
            continue  # an empty argument but the last adds nothing (yarl, pathlib)
        pieces = text.split("/")
        if index != last and len(pieces) > 1 and pieces[-1] == "":
            pieces.pop()  # "b/" then "c": b/c
        for piece in pieces:
            added.append(encode_segment(piece, encoded))
    end = query - 1 if query > path_start and href[query - 1] == "/" else query
    path = f"{href[path_start:end]}/{'/'.join(added)}"
    return href_with_path(href, head_end, kind, path)

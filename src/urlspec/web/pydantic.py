"""pydantic v2 field types that parse URLs as browsers do (the WHATWG URL Standard).

Needs the ``pydantic`` extra (``pip install 'urlspec[pydantic]'``). Each type is an
``Annotated[urlspec.URL, ...]``: a field accepts a ``str`` (parsed by the URL parser, §4.4 API URL
parser, with no base) or a :class:`urlspec.URL`, and holds a :class:`urlspec.URL`; JSON output
is the URL's href, JSON Schema is ``{"type": "string", "format": "uri"}``.

* :data:`AnyURL`: any valid URL (``mailto:``, ``data:``, ``urn:`` included).
* :data:`HttpURL`: an ``http`` or ``https`` URL.
* :data:`GuardedURL` and ``Annotated[URL, Guarded(policy)]``: an URL that passes
  ``urlspec.guard.check`` (the outbound request guard's decision without DNS: scheme, port,
  credentials, literal addresses, host lists) with the default or the given policy.
* ``Annotated[URL, WHATWGURL(schemes=...)]`` for another set of schemes.

Errors are pydantic's own (a ``ValidationError`` listing ``PydanticCustomError`` items), with
these types: ``url_type`` (neither a str nor a URL), ``url_parsing`` (the URL parser failed;
``ctx["validation_error"]`` is the standard's name of the error that made it fail, e.g.
``port-out-of-range``, and ``ctx["error"]`` its description), ``url_scheme`` (a scheme not
allowed; ``ctx["expected_schemes"]``), ``url_refused`` (the guard refused it; ``ctx["reason"]``
is the guard's reason code).

>>> from pydantic import BaseModel
>>> class Hook(BaseModel):
...     target: HttpURL
>>> Hook(target="HTTPS://Example.COM/a/../b").target.href
'https://example.com/b'
>>> Hook(target="https://example.com/x").model_dump_json()
'{"target":"https://example.com/x"}'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Annotated, TypeAlias

from pydantic import GetCoreSchemaHandler, GetJsonSchemaHandler
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import PydanticCustomError, core_schema

from urlspec.guard import Policy
from urlspec.guard import check as guard_check
from urlspec.url import URL
from urlspec.validation import InvalidURL

__all__ = [
    "WHATWGURL",
    "AnyURL",
    "Guarded",
    "GuardedURL",
    "HttpURL",
    "URLCheck",
]

#: A check applied to a parsed URL: returns the URL to keep, or raises a ValueError (whose
#: ``reason`` attribute, when it has one, is the error's reason code). ``urlspec.guard.check``
#: with a policy is one.
URLCheck: TypeAlias = Callable[[URL], URL]

#: The JSON Schema of every type here (JSON Schema's "uri" format: RFC 3986 URI).
URL_JSON_SCHEMA: JsonSchemaValue = {"type": "string", "format": "uri"}


def parse_url(value: object) -> URL:
    """A field's input as a URL: a URL as it is, a str parsed; pydantic errors otherwise."""
    if isinstance(value, URL):
        return value
    if not isinstance(value, str):
        raise PydanticCustomError("url_type", "URL input should be a string or URL")
    try:
        return URL(value)
    except InvalidURL as error:
        fatal = error.errors[-1] if error.errors else None
        raise PydanticCustomError(
            "url_parsing",
            "Input should be a valid URL, {error}",
            {
                "error": error.reason,
                "validation_error": fatal.name if fatal is not None else "failure",
            },
        ) from None


def _href(url: URL) -> str:
    return url.href


def _schema(validate: Callable[[object], URL]) -> core_schema.CoreSchema:
    """A plain validator that makes URLs, serialized to their href in JSON mode."""
    return core_schema.no_info_plain_validator_function(
        validate,
        serialization=core_schema.plain_serializer_function_ser_schema(_href, when_used="json"),
    )


@dataclass(frozen=True, slots=True)
class WHATWGURL:
    """``Annotated[URL, WHATWGURL(schemes=...)]``: a URL parsed by the WHATWG URL parser,
    with one of ``schemes`` (names without the colon, lowercase) when given."""

    schemes: frozenset[str] | None = None

    def __init__(self, schemes: Iterable[str] | None = None) -> None:
        object.__setattr__(
            self, "schemes", None if schemes is None else frozenset(s.lower() for s in schemes)
        )

    def validate(self, value: object) -> URL:
        """The field's value from its input (pydantic errors for a bad one)."""
        url = parse_url(value)
        if self.schemes is not None and url.protocol[:-1] not in self.schemes:
            raise PydanticCustomError(
                "url_scheme",
                "URL scheme should be {expected_schemes}",
                {"expected_schemes": " or ".join(repr(s) for s in sorted(self.schemes))},
            )
        return url

    def __get_pydantic_core_schema__(
        self, source_type: object, handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        return _schema(self.validate)

    def __get_pydantic_json_schema__(
        self, schema: core_schema.CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        return dict(URL_JSON_SCHEMA)


@dataclass(frozen=True, slots=True)
class Guarded:
    """``Annotated[URL, Guarded(policy)]``: a URL that passes the outbound request guard's
    check without DNS, ``urlspec.guard.check(url, policy)`` (``policy`` a
    ``urlspec.guard.Policy``; None: the default policy).

    ``check`` replaces the guard with another :data:`URLCheck` (then ``policy`` is unused).
    Only the decision that needs no DNS is taken here: a host name's addresses are checked when
    the request is made (``urlspec.guard.resolve`` or its transports).
    """

    policy: Policy | None = None
    check: URLCheck | None = None

    def _check_function(self) -> URLCheck:
        if self.check is not None:
            return self.check
        policy = self.policy

        def check(url: URL) -> URL:
            return guard_check(url, policy)

        return check

    def __get_pydantic_core_schema__(
        self, source_type: object, handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        check = self._check_function()  # once per field, when the model is built

        def validate(value: object) -> URL:
            url = parse_url(value)
            try:
                return check(url)
            except ValueError as error:
                raise PydanticCustomError(
                    "url_refused",
                    "URL refused: {message}",
                    {"reason": getattr(error, "reason", "refused"), "message": str(error)},
                ) from None

        return _schema(validate)

    def __get_pydantic_json_schema__(
        self, schema: core_schema.CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        return dict(URL_JSON_SCHEMA)


#: Any URL the WHATWG URL parser accepts.
AnyURL: TypeAlias = Annotated[URL, WHATWGURL()]

#: An http or https URL.
HttpURL: TypeAlias = Annotated[URL, WHATWGURL(("http", "https"))]

#: A URL that passes ``urlspec.guard.check`` with the default policy.
GuardedURL: TypeAlias = Annotated[URL, Guarded()]

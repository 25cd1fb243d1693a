"""PLACEHOLDER until the quoting module is written: delegates to the stdlib. Must be replaced."""

from urllib.parse import (  # noqa: F401
    _Quoter,
    quote,
    quote_from_bytes,
    quote_plus,
    unquote,
    unquote_plus,
    unquote_to_bytes,
)

"""PLACEHOLDER until the query-string module is written: delegates to the stdlib. Must be replaced."""

from urllib.parse import parse_qs, parse_qsl, urlencode  # noqa: F401

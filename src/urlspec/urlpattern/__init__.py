"""URLPattern (https://urlpattern.spec.whatwg.org/): the pattern language of browsers, with
lists of patterns that match fast and URLs built from patterns. See docs/urlpattern.md."""

from __future__ import annotations

from urlspec.urlpattern.errors import URLPatternError, URLPatternMatchLimitError
from urlspec.urlpattern.pattern import (
    URLPattern,
    URLPatternComponentResult,
    URLPatternInput,
    URLPatternResult,
)
from urlspec.urlpattern.pattern_list import URLPatternList, URLPatternListMatch

__all__ = [
    "URLPattern",
    "URLPatternComponentResult",
    "URLPatternError",
    "URLPatternInput",
    "URLPatternList",
    "URLPatternListMatch",
    "URLPatternMatchLimitError",
    "URLPatternResult",
]

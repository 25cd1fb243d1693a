"""The one exception type of URLPattern (the standard throws a TypeError in each of these cases)."""

from __future__ import annotations

__all__ = ["URLPatternError", "URLPatternMatchLimitError"]


class URLPatternError(ValueError):
    """A pattern (or an input to match) the URLPattern standard rejects.

    ``component`` names the URL component whose pattern failed ("protocol" ... "hash"), or is
    ``None`` when the failure is not a component's (a constructor string, a base URL, mixed
    arguments); ``position`` is the index in that pattern string where the problem was found, or
    ``None`` when there is no single position; ``reason`` is the message without them.
    """

    def __init__(
        self, message: str, *, component: str | None = None, position: int | None = None
    ) -> None:
        where = []
        if component is not None:
            where.append(f"{component} pattern")
        if position is not None:
            where.append(f"at position {position}")
        super().__init__(f"{message} ({', '.join(where)})" if where else message)
        self.reason = message
        self.component = component
        self.position = position


class URLPatternMatchLimitError(URLPatternError):
    """A match that would take more work than a URL pattern is allowed per match: only a
    pattern with a backreference can get here (``URLPattern.may_backtrack`` is True for it);
    ``limit`` is the number of matching steps allowed."""

    def __init__(self, message: str, *, limit: int, component: str | None = None) -> None:
        super().__init__(message, component=component)
        self.limit = limit

"""The progress bar ``urlspec canon`` draws on stderr while it streams a large input.

It is drawn only when stderr is a terminal, is redrawn at most ten times a second, and shows
how many bytes of the input have been canonicalized out of the total when the total is known
(every input a regular file), or the bytes and lines done so far when it is not (a pipe).
Whoever writes other text to stderr calls :meth:`Progress.clear` first, so that messages and
the bar never share a line.
"""

from __future__ import annotations

import os
import time
from typing import Final, TextIO

__all__ = ["Progress", "counted", "human_bytes", "is_terminal"]

#: Minimum time between two redraws, in seconds (at most ten updates a second).
MIN_INTERVAL: Final = 0.1
#: Moves to the start of the line and erases it (ANSI "erase in line").
ERASE_LINE: Final = "\r\x1b[K"


def human_bytes(count: int) -> str:
    """``count`` bytes for a person: in B, KiB, MiB or GiB (e.g. "3.2 MiB")."""
    if count < 1024:
        return f"{count} B"
    size = count / 1024
    for unit in ("KiB", "MiB"):
        if size < 1024:
            return f"{size:.1f} {unit}"
        size /= 1024
    return f"{size:.1f} GiB"


def counted(count: int, noun: str) -> str:
    """``count`` and ``noun``, plural unless the count is 1 ("1 invalid line", "2 lines")."""
    return f"{count:,} {noun}" if count == 1 else f"{count:,} {noun}s"


def is_terminal(stream: TextIO | None) -> bool:
    """Whether ``stream`` is connected to a terminal."""
    try:
        return stream is not None and stream.isatty()
    except (AttributeError, ValueError):  # no isatty, or a closed stream
        return False


class Progress:
    """A throttled one-line progress display on ``stream``; inert unless ``enabled``."""

    def __init__(self, stream: TextIO, total_bytes: int | None, *, enabled: bool) -> None:
        self.stream = stream
        self.total_bytes = total_bytes
        self.enabled = enabled
        self.started = time.monotonic()
        self.last_drawn = float("-inf")
        self.shown = False

    def update(self, bytes_done: int, lines_done: int) -> None:
        """Redraw with the new counts, unless the last redraw was less than 0.1 s ago."""
        if not self.enabled:
            return
        now = time.monotonic()
        if now - self.last_drawn < MIN_INTERVAL:
            return
        self.last_drawn = now
        text = self.render(bytes_done, lines_done, now - self.started)
        self.stream.write(ERASE_LINE + text[: self.width() - 1])
        self.stream.flush()
        self.shown = True

    def clear(self) -> None:
        """Erase the bar (before other text goes to the same terminal); the next update redraws."""
        if self.shown:
            self.stream.write(ERASE_LINE)
            self.stream.flush()
            self.shown = False
            self.last_drawn = float("-inf")

    def render(self, bytes_done: int, lines_done: int, elapsed: float) -> str:
        """The text of the bar: a gauge and percentage when the total is known, and the rate."""
        rate = lines_done / elapsed if elapsed > 0 else 0.0
        counts = f"{lines_done:,} lines  {rate:,.0f} lines/s"
        if self.total_bytes is None or self.total_bytes <= 0:
            return f"{human_bytes(bytes_done)} read  {counts}"
        fraction = min(bytes_done / self.total_bytes, 1.0)
        gauge_width = 10  # so that the whole bar, rate included, fits in 80 columns
        filled = round(fraction * gauge_width)
        gauge = "#" * filled + "." * (gauge_width - filled)
        sizes = f"{human_bytes(bytes_done)}/{human_bytes(self.total_bytes)}"
        text = f"[{gauge}] {fraction:6.1%} {sizes}  {counts}"
        return text if len(text) < 80 else text[gauge_width + 3 :]  # the gauge gives way first

    def summarize(self, bytes_done: int, lines_done: int, invalid: int) -> None:
        """After the bar (erased), a line saying what was done, when the bar was shown at all."""
        if not self.enabled:
            return
        elapsed = time.monotonic() - self.started
        rate = lines_done / elapsed if elapsed > 0 else 0.0
        self.stream.write(
            f"{ERASE_LINE}{counted(lines_done, 'line')} ({counted(invalid, 'invalid line')}), "
            f"{human_bytes(bytes_done)} in {elapsed:.1f} s, {rate:,.0f} lines/s\n"
        )
        self.stream.flush()
        self.shown = False

    def width(self) -> int:
        """The terminal's width in columns (80 when it cannot be told)."""
        try:
            return os.get_terminal_size(self.stream.fileno()).columns
        except (AttributeError, ValueError, OSError):
            return 80

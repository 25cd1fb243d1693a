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
#: The widest the bar is drawn, in columns: it fits a terminal of 80 columns (one left free,
#: so that the cursor never wraps).
MAX_WIDTH: Final = 79
#: The width of the gauge between its brackets.
GAUGE_WIDTH: Final = 10
#: Moves to the start of the line and erases it (ANSI "erase in line").
ERASE_LINE: Final = "\r\x1b[K"


def human_bytes(count: int) -> str:
    """``count`` bytes for a person: in B, KiB, MiB, GiB or TiB (e.g. "3.2 MiB")."""
    if count < 1024:
        return f"{count} B"
    size = count / 1024
    for unit in ("KiB", "MiB", "GiB"):
        if size < 1024:
            return f"{size:.1f} {unit}"
        size /= 1024
    return f"{size:.1f} TiB"


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
        text = self.render(bytes_done, lines_done, now - self.started, self.width() - 1)
        self.stream.write(ERASE_LINE + text)
        self.stream.flush()
        self.shown = True

    def clear(self) -> None:
        """Erase the bar (before other text goes to the same terminal); the next update redraws."""
        if self.shown:
            self.stream.write(ERASE_LINE)
            self.stream.flush()
            self.shown = False
            self.last_drawn = float("-inf")

    def render(
        self, bytes_done: int, lines_done: int, elapsed: float, width: int = MAX_WIDTH
    ) -> str:
        """The text of the bar, at most ``width`` (and :data:`MAX_WIDTH`) columns: a gauge and
        percentage when the total is known, the bytes, the lines and the rate, each with its
        unit. Where they do not all fit, the gauge gives way first, then the bytes, then the
        lines, so that the percentage and the rate stay whole."""
        width = min(width, MAX_WIDTH)
        rate = lines_done / elapsed if elapsed > 0 else 0.0
        lines = f"{lines_done:,} lines"
        speed = f"{rate:,.0f} lines/s"
        if self.total_bytes is None or self.total_bytes <= 0:
            variants = [
                f"{human_bytes(bytes_done)} read  {lines}  {speed}",
                f"{lines}  {speed}",
                speed,
            ]
        else:
            fraction = min(bytes_done / self.total_bytes, 1.0)
            filled = round(fraction * GAUGE_WIDTH)
            gauge = "[" + "#" * filled + "." * (GAUGE_WIDTH - filled) + "]"
            percent = f"{fraction:6.1%}".strip()
            sizes = f"{human_bytes(bytes_done)}/{human_bytes(self.total_bytes)}"
            variants = [
                f"{gauge} {percent} {sizes}  {lines}  {speed}",
                f"{percent} {sizes}  {lines}  {speed}",
                f"{percent}  {lines}  {speed}",
                f"{percent}  {speed}",
                speed,
            ]
        for text in variants:
            if len(text) <= width:
                return text
        return variants[-1][:width]

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
        """The terminal's width in columns (80 when it cannot be told: a terminal that has not
        been given a size says 0)."""
        try:
            columns = os.get_terminal_size(self.stream.fileno()).columns
        except (AttributeError, ValueError, OSError):
            return 80
        return columns if columns > 0 else 80

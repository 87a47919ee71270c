"""Progress bars for long runs: tqdm when it is installed, else a small text bar on stderr.

Both appear only once a run has lasted ``delay`` seconds, so short runs print nothing, and
both show the rate in items per second.
"""

from __future__ import annotations

import sys
import time
from types import TracebackType
from typing import Protocol, TextIO

DELAY = 0.5


class ProgressBar(Protocol):
    def update(self, n: int) -> object: ...

    def close(self) -> None: ...


class NoProgress:
    def update(self, n: int) -> None:
        pass

    def close(self) -> None:
        pass


def format_count(n: float) -> str:
    """1234567 -> '1.23M'."""
    for factor, suffix in ((1e9, "G"), (1e6, "M"), (1e3, "k")):
        if abs(n) >= factor:
            return f"{n / factor:.2f}{suffix}"
    return f"{n:.0f}"


def format_seconds(seconds: float) -> str:
    minutes, secs = divmod(int(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes:02d}:{secs:02d}"


class TextBar:
    """``label:  45%|#########           | 4.50M/10.0M deals [00:02<00:02, 2.10M deals/s]``."""

    WIDTH = 24
    INTERVAL = 0.2

    def __init__(self, total: int, *, label: str, unit: str, stream: TextIO | None = None,
                 delay: float = DELAY) -> None:
        self.total = total
        self.label = label
        self.unit = unit
        self.stream = sys.stderr if stream is None else stream
        self.delay = delay
        self.done = 0
        self.started = time.perf_counter()
        self.last_drawn: float | None = None
        self.width = 0  # of the longest line drawn, which a shorter one must cover

    def update(self, n: int) -> None:
        self.done += n
        now = time.perf_counter()
        if now - self.started < self.delay:
            return
        if self.last_drawn is None or now - self.last_drawn >= self.INTERVAL:
            self._draw(now)

    def close(self) -> None:
        if self.last_drawn is not None:
            self._draw(time.perf_counter())
            self.stream.write("\n")
            self.stream.flush()

    def _draw(self, now: float) -> None:
        self.last_drawn = now
        elapsed = max(now - self.started, 1e-9)
        fraction = self.done / self.total if self.total else 1.0
        filled = round(fraction * self.WIDTH)
        rate = self.done / elapsed
        remaining = (self.total - self.done) / rate if rate > 0 else 0.0
        line = (f"{self.label}: {fraction:4.0%}|{'#' * filled}{' ' * (self.WIDTH - filled)}| "
                f"{format_count(self.done)}/{format_count(self.total)} {self.unit} "
                f"[{format_seconds(elapsed)}<{format_seconds(remaining)}, "
                f"{format_count(rate)} {self.unit}/s]")
        self.width = max(self.width, len(line))
        self.stream.write("\r" + line.ljust(self.width))
        self.stream.flush()


class Progress:
    """A context manager around the bar chosen for a run (or none)."""

    def __init__(self, total: int, *, enabled: bool, label: str, unit: str) -> None:
        self.bar: ProgressBar = NoProgress()
        if enabled:
            self.bar = make_bar(total, label=label, unit=unit)

    def __enter__(self) -> ProgressBar:
        return self.bar

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.bar.close()


def make_bar(total: int, *, label: str, unit: str) -> ProgressBar:
    try:
        from tqdm import tqdm
    except ImportError:
        return TextBar(total, label=label, unit=unit)
    bar: ProgressBar = tqdm(total=total, desc=label, unit=f" {unit}", unit_scale=True,
                            delay=DELAY, smoothing=0.1, file=sys.stderr)
    return bar

"""A scripted person at ``python -m trickcore play``: a pseudo-terminal (pexpect) that reads the
table as printed and types what a player would."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pexpect

import trickcore

# The folder holding the trickcore this test imports (the source tree or the installed package).
PACKAGE_ROOT = Path(trickcore.__file__).resolve().parents[1]
PROMPT = r"(your card|your pass|your bid|your move|next deal)>"
TIMEOUT = 30


class Player:
    """``python -m trickcore play ARGS`` in a pty, plain text unless ``colour``."""

    def __init__(self, *args: str, colour: bool = False) -> None:
        env = {**os.environ, "PYTHONPATH": str(PACKAGE_ROOT), "COLUMNS": "100",
               "PROMPT_TOOLKIT_NO_CPR": "1"}
        env.pop("FORCE_COLOR", None)
        if colour:
            env.pop("NO_COLOR", None)
            env["TERM"] = "xterm-256color"
        else:
            env.update(NO_COLOR="1", TERM="dumb")
        self.child = pexpect.spawn(sys.executable, ["-m", "trickcore", "play", *args], env=env,
                                   encoding="utf-8", timeout=TIMEOUT, dimensions=(50, 100))
        self.transcript = ""
        self.screen = ""  # what was printed since the last line typed
        self.table = ""   # the last screen that showed the table
        self.prompt = ""

    def wait(self) -> str:
        """Reads to the next prompt; returns its name ("your card", "next deal", ...), or ""
        when the program ended."""
        ended = self.child.expect([PROMPT, pexpect.EOF])
        self.screen = self.child.before
        self.prompt = "" if ended else self.child.match.group(1)
        if "your hand:" in self.screen or "to move" in self.screen:
            self.table = self.screen
        self.transcript += self.screen + (self.child.after if not ended else "")
        return self.prompt

    def type(self, line: str) -> str:
        """Types ``line`` and reads to the next prompt."""
        self.child.sendline(line)
        return self.wait()

    def quit(self) -> str:
        self.child.sendline("quit")
        self.child.expect(pexpect.EOF)
        self.transcript += self.child.before
        self.child.close()
        assert self.child.exitstatus == 0
        return self.child.before

    def hand(self) -> dict[int, str]:
        """The numbered hand of the last table printed: number -> card (``Q♠``)."""
        shown = self.table.rpartition("your hand:")[2].partition("you may play")[0]
        return {int(n): card for n, card in re.findall(r"(\d+) (\S+)", shown)}

    def playable(self) -> list[str]:
        """The cards the table says may be played (every card of the hand for "any card")."""
        line = re.findall(r"you may play: (.*)", self.table)[-1].strip()
        return list(self.hand().values()) if line == "any card" else line.split()

    def play_legal(self) -> str:
        """Plays the first legal card, by its number in the hand; returns the next prompt."""
        hand, legal = self.hand(), self.playable()
        number = next(n for n, card in hand.items() if card == legal[0])
        return self.type(str(number))

    def play_out(self) -> None:
        """Plays legal cards until the end of the deal."""
        while self.prompt == "your card":
            self.play_legal()
        assert self.prompt == "next deal", self.screen

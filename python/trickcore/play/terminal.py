"""The terminal front end: the table printed with rich, the player's lines read with
prompt_toolkit (with completion) on an interactive terminal, else plainly; every turn goes to
the session, every refusal is printed with the referee's message and the game goes on."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console, RenderableType
from rich.text import Text

from trickcore.core.errors import SerializationError, TrickcoreError
from trickcore.play import commands
from trickcore.play.board import board_view
from trickcore.play.commands import HELP, HELPERS, Helper
from trickcore.play.draughts_game import DraughtsSession
from trickcore.play.session import CardSession
from trickcore.play.table import (
    card_text,
    cards_text,
    grade_view,
    hint_view,
    move_text,
    score_sheet,
    seat_name,
    summary_view,
    table_view,
)


class Quit(Exception):
    """The player left the game."""


class Terminal:
    """Output through a rich Console; input through prompt_toolkit when stdin and stdout are an
    interactive terminal that is not ``TERM=dumb``, else one line of stdin at a time."""

    def __init__(self, console: Console | None = None) -> None:
        self.console = console or Console(highlight=False, emoji=False)
        self._prompt: Any = None
        if sys.stdin.isatty() and sys.stdout.isatty() and os.environ.get("TERM") != "dumb":
            from prompt_toolkit import PromptSession
            self._prompt = PromptSession()

    def show(self, *renderables: RenderableType) -> None:
        self.console.print(*renderables)

    def error(self, message: str) -> None:
        self.console.print(Text(f"✗ {message}", style="bold red"))

    def ask(self, prompt: str, words: Sequence[str]) -> str:
        """A line typed by the player; ``words`` are offered as completions."""
        try:
            if self._prompt is None:
                return self.console.input(prompt)
            from prompt_toolkit.completion import WordCompleter
            text: str = self._prompt.prompt(prompt, completer=WordCompleter(list(words)))
            return text
        except EOFError:
            raise Quit from None


def helper_words() -> list[str]:
    return [words[0] for words in HELPERS.values()]


def help_text() -> Text:
    lines = Text("a card by name (qs, Q♠, 10h) or number; a pass lists its cards; a bid is "
                 "4, nil or blind nil; a draughts move 11-15 or 15x24.\n")
    for name, words in HELPERS.items():
        if name in HELP:
            lines.append(f"  {words[0]:6} {HELP[name]}\n")
    return lines


class Loop:
    """What both games' loops share: one typed line at the person's turn, a move or a helper,
    every refusal printed with its message and nothing changed."""

    session: Any
    shown: Any  # the position the table was last shown at (None: show it again)

    def __init__(self, terminal: Terminal) -> None:
        self.ui = terminal

    def turn(self, text: str) -> None:
        """Handles one line typed at the person's turn."""
        try:
            action = commands.helper(text)
            if action is None:
                self.move(text)
            elif action.name == "quit":
                raise Quit
            elif action.name == "help":
                self.ui.show(help_text())
            elif action.name == "undo":
                self.ui.show(Text(f"took back {self.session.undo()} move(s)"))
            elif action.name == "save":
                Path(action.argument).write_text(self.saved(), encoding="utf-8")
                self.ui.show(Text(f"saved to {action.argument}"))
            elif action.name == "load":
                self.session, self.shown = self.loaded(read(action.argument)), None
                self.ui.show(Text(f"loaded {action.argument}"))
            elif not self.game_helper(action):
                self.ui.error(f"{action.name} is not a command of this game")
        except (TrickcoreError, OSError) as error:  # OSError: save could not write
            self.ui.error(str(error))

    def move(self, text: str) -> None:
        raise NotImplementedError

    def game_helper(self, action: Helper) -> bool:
        """Runs a helper of this game only; False when it has none by that name."""
        raise NotImplementedError

    def saved(self) -> str:
        raise NotImplementedError

    def loaded(self, text: str) -> Any:
        raise NotImplementedError


class CardTable(Loop):
    """The loop of a card game: bots' turns, the person's input, the end of each deal."""

    session: CardSession

    def __init__(self, session: CardSession, terminal: Terminal) -> None:
        super().__init__(terminal)
        self.session = session
        self.finished: Any = None  # the last finished deal, for 'grade'
        self.shown: tuple[int, int] | None = None  # the position the table was last shown at

    def run(self) -> int:
        try:
            self.ui.show(Text(f"{self.session.rules}; seed {self.session.seed}; 'help' for "
                              "the commands", style="dim"))
            while not self.session.is_over:
                if self.session.human_to_act:
                    position = (id(self.session.deal), self.session.deal.move_count)
                    if position != self.shown:
                        self.ui.show(table_view(self.session))
                        self.shown = position
                    self.turn(self.ui.ask(self.prompt(), self.words()))
                else:
                    self.bot_turn()
            self.ui.show(score_sheet(self.session), self.winners())
        except Quit:
            self.ui.show(Text("bye"))
        return 0

    def prompt(self) -> str:
        return {"pass": "your pass> ", "bid": "your bid> "}.get(self.session.deal.phase,
                                                                "your card> ")

    def words(self) -> list[str]:
        deal, words = self.session.deal, helper_words()
        if deal.phase == "bid":
            return [*map(str, deal.legal_bids()), *words]
        return [*sorted({str(c).lower() for c in self.session.hand_order()}), *words]

    def bot_turn(self) -> None:
        deal = self.session.deal
        tricks = deal.tricks_played
        seat, move, finished = self.session.bot_move()
        self.ui.show(move_text(self.session, seat, move))
        self.after_move(deal, tricks, finished)

    def after_move(self, deal: Any, tricks: int, finished: Any) -> None:
        """Reports a trick the move completed, and the end of the deal."""
        if deal.tricks_played > tricks:
            winner = deal.tricks[-1].winner
            self.ui.show(Text(f"  trick {deal.tricks_played} to {seat_name(self.session, winner)}",
                              style="yellow"))
        if finished is not None:
            self.finished = finished
            self.ui.show(summary_view(self.session, finished))
            self.end_of_deal()

    def end_of_deal(self) -> None:
        while True:
            text = self.ui.ask("next deal> ", ["grade", "quit"]).strip().lower()
            if text == "":
                return
            if text == "grade":
                self.ui.show(grade_view(self.session.grade(self.finished)))
            elif text in HELPERS["quit"]:
                raise Quit
            else:
                self.ui.error("press Enter for the next deal, or type grade or quit")

    def move(self, text: str) -> None:
        session = self.session
        deal, tricks = session.deal, session.deal.tricks_played
        phase = deal.phase
        if phase == "pass":
            passed = commands.cards(text, session.hand_order())
            finished = session.pass_cards(passed)
            self.ui.show(Text.assemble("you pass ", cards_text(passed)))
        elif phase == "bid":
            value = commands.bid(text)
            finished = session.bid(value)
            self.ui.show(Text(f"you bid {value}"))
        else:
            card = commands.card(text, session.hand_order())
            finished = session.play(card)
            self.ui.show(Text.assemble("you play ", card_text(card)))
        self.after_move(deal, tricks, finished)

    def game_helper(self, action: Helper) -> bool:
        if action.name == "hint":
            self.ui.show(hint_view(self.session.hint()))
        elif action.name == "look":
            self.session.look()
        elif action.name == "grade":
            if self.finished is None:
                self.ui.error("no deal has finished yet")
            else:
                self.ui.show(grade_view(self.session.grade(self.finished)))
        else:
            return False
        return True

    def saved(self) -> str:
        return self.session.to_json()

    def loaded(self, text: str) -> CardSession:
        return CardSession.from_json(text)

    def winners(self) -> Text:
        match = self.session.match
        names = [" & ".join(seat_name(self.session, s) for s in self.session.rules.sides[side])
                 for side in match.winners]
        return Text(f"the match is over: {', '.join(names)} won", style="bold")


class DraughtsTable(Loop):
    """The loop of a draughts game: the opponent's moves, the person's input."""

    session: DraughtsSession

    def __init__(self, session: DraughtsSession, terminal: Terminal) -> None:
        super().__init__(terminal)
        self.session = session
        self.shown: str | None = None  # the position the board was last shown at

    def run(self) -> int:
        try:
            self.ui.show(Text(f"English draughts against {self.session.opponent.name}; seed "
                              f"{self.session.seed}; 'help' for the commands", style="dim"))
            while self.session.outcome() is None:
                if self.session.human_to_act:
                    position = f"{self.session.board.ply} {self.session.board.fen()}"
                    if position != self.shown:
                        self.ui.show(board_view(self.session))
                        self.shown = position
                    words = [str(m) for m in self.session.board.legal_moves()]
                    self.turn(self.ui.ask("your move> ", [*words, *helper_words()]))
                else:
                    move = self.session.opponent_move()
                    self.ui.show(Text(f"{self.session.opponent.name} plays {move}", style="cyan"))
            outcome = self.session.outcome()
            assert outcome is not None
            self.ui.show(board_view(self.session),
                         Text(f"game over: {outcome.result()} "
                              f"({outcome.termination.name.lower().replace('_', ' ')})",
                              style="bold"))
        except Quit:
            self.ui.show(Text("bye"))
        return 0

    def move(self, text: str) -> None:
        self.ui.show(Text(f"you play {self.session.push(text.strip())}"))

    def game_helper(self, action: Helper) -> bool:
        if action.name == "hint":
            lines = self.session.hint()
            self.ui.show(Text("hint (engine): " + " · ".join(
                f"{line.move} {line.format_score()}" for line in lines)))
        elif action.name == "moves":
            moves = " ".join(str(m) for m in self.session.board.legal_moves())
            self.ui.show(Text(f"legal moves: {moves}"))
        else:
            return False
        return True

    def saved(self) -> str:
        return self.session.to_pdn()

    def loaded(self, text: str) -> DraughtsSession:
        return DraughtsSession.from_pdn(text)


def read(path: str) -> str:
    """A saved game's text; an unreadable file is a refusal, not a crash."""
    try:
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise SerializationError(f"cannot read {path!r}: {error}") from None

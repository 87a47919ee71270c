"""``python -m trickcore play <game>``: a person against the bots in the terminal (docs/play.md)."""

from __future__ import annotations

import argparse
import secrets
import sys

from trickcore.bots import BOTS
from trickcore.cli.simulate import (
    EXIT_BAD_INPUT,
    EXIT_FAILED,
    add_rules_arguments,
    rules_from_args,
)
from trickcore.core.errors import TrickcoreError
from trickcore.play.opponents import OPPONENTS
from trickcore.simulation import SimulationError

PLAY_GAMES = ("svarta-maja", "spardame", "spades", "dam-avoid", "dam-collect", "draughts")


def add_play_command(
    subparsers: argparse._SubParsersAction[argparse.ArgumentParser],
) -> argparse.ArgumentParser:
    """Adds ``play`` to the trickcore command line."""
    parser = subparsers.add_parser(
        "play", help="play a game against the bots in the terminal",
        description="Play one seat of a card game against bots, or English draughts against "
                    "an opponent. Type 'help' during the game for the commands (hint, undo, "
                    "save, load, quit). The same seed and the same input replay a game.")
    parser.add_argument("game", nargs="?", choices=PLAY_GAMES, metavar="GAME",
                        help=f"the game: {', '.join(PLAY_GAMES)}")
    parser.add_argument("--seat", type=int, default=0, metavar="N",
                        help="your seat (default 0; in draughts 0 is Black, 1 White)")
    parser.add_argument("--bots", default=None, metavar="A,B,...",
                        help=f"the other seats' bots in seat order, or one for all "
                             f"({', '.join(BOTS)}; default rule); in draughts the opponent "
                             f"({', '.join(OPPONENTS)})")
    parser.add_argument("--level", type=int, default=None, metavar="1..5",
                        help="strength of the pimc bots and the hints: 8 to 128 sampled deals "
                             "per card (default 4: 64)")
    parser.add_argument("--seed", type=int, default=None, metavar="S",
                        help="seed of the deals and the bots (default: fresh, printed)")
    add_rules_arguments(parser)
    parser.add_argument("--load", default=None, metavar="FILE",
                        help="continue a saved game (.json card game, .pdn draughts)")
    parser.set_defaults(run=run_play, play_parser=parser)
    return parser


def run_play(args: argparse.Namespace) -> int:
    try:
        import prompt_toolkit  # noqa: F401
        import rich  # noqa: F401
    except ImportError:
        print('trickcore play needs rich and prompt_toolkit: pip install "trickcore[play]"',
              file=sys.stderr)
        return EXIT_FAILED
    from trickcore.play import start

    if args.game is None and args.load is None:
        args.play_parser.error("name a game to play (or --load a saved one)")
    try:
        seed = secrets.randbits(63) if args.seed is None else args.seed
        return start(None if args.game is None else rules_from_args(args), game=args.game,
                     seat=args.seat, bots=args.bots, level=args.level, seed=seed,
                     load=args.load)
    except (TrickcoreError, SimulationError) as error:
        print(f"trickcore play: error: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print("\ntrickcore play: bye", file=sys.stderr)
        return 0

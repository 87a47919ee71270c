"""Command line: ``python -m trickcore <command>``.

Bad input never ends in a traceback: usage errors and refused arguments are one line on stderr,
``trickcore <command>: error: ...``, and exit status 2.
"""

from __future__ import annotations

import argparse
import secrets
import sys
from collections.abc import Sequence
from typing import NoReturn, cast

import trickcore
from trickcore.cli.arena import add_arena_command
from trickcore.cli.play import add_play_command
from trickcore.cli.simulate import EXIT_BAD_INPUT, add_simulate_command, count
from trickcore.core.deal_batch import deal_batch
from trickcore.core.errors import TrickcoreError


class Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line (``--help`` shows the usage)."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: error: {message}\n")


def _deal(args: argparse.Namespace) -> int:
    seed = secrets.randbits(128) if args.seed is None else args.seed  # 128 bits, as numpy draws
    deals = deal_batch(args.count, players=args.players, seed=seed)
    for d in range(len(deals)):
        print(f"Deal {d + 1} (seed {seed}):")
        for seat in range(deals.players):
            hand = deals.hand(d, seat)
            shown = hand.pretty() if isinstance(hand, trickcore.CardSet) else str(hand)
            print(f"  seat {seat}: {shown}")
        if deals.stock.shape[1]:
            print("  stock: " + " ".join(str(trickcore.Card(int(c))) for c in deals.stock[d]))
    return 0


def build_parser() -> argparse.ArgumentParser:
    from trickcore.draughts.commands import register as register_draughts

    parser = Parser(prog="trickcore", description=trickcore.__doc__)
    parser.add_argument("--version", action="version", version=f"trickcore {trickcore.__version__}")
    commands = cast("argparse._SubParsersAction[argparse.ArgumentParser]",
                    parser.add_subparsers(dest="command", required=True))
    deal = commands.add_parser("deal", help="deal random hands and print them")
    deal.add_argument("--players", type=int, default=4)
    deal.add_argument("--seed", type=int, default=None,
                      help="seed of the deals (default: fresh entropy, printed)")
    deal.add_argument("--count", type=count, default=1, help="number of deals")
    deal.set_defaults(run=_deal)
    register_draughts(commands)
    add_simulate_command(commands)
    add_arena_command(commands)
    add_play_command(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        result: int = args.run(args)
    except TrickcoreError as error:
        print(f"{parser.prog} {args.command}: error: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    return result

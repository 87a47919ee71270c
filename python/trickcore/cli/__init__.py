"""Command line: ``python -m trickcore <command>``."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

import trickcore
from trickcore.cli.simulate import add_simulate_command
from trickcore.core.deal_batch import deal_batch
from trickcore.draughts.commands import register as register_draughts


def _deal(args: argparse.Namespace) -> int:
    deals = deal_batch(args.count, players=args.players, seed=args.seed)
    for d in range(len(deals)):
        print(f"Deal {d + 1} (seed {args.seed}):")
        for seat in range(deals.players):
            hand = deals.hand(d, seat)
            shown = hand.pretty() if isinstance(hand, trickcore.CardSet) else str(hand)
            print(f"  seat {seat}: {shown}")
        if deals.stock.shape[1]:
            print("  stock: " + " ".join(str(trickcore.Card(int(c))) for c in deals.stock[d]))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="trickcore", description=trickcore.__doc__)
    parser.add_argument("--version", action="version", version=f"trickcore {trickcore.__version__}")
    commands = parser.add_subparsers(dest="command", required=True)
    deal = commands.add_parser("deal", help="deal random hands and print them")
    deal.add_argument("--players", type=int, default=4)
    deal.add_argument("--seed", type=int, default=None)
    deal.add_argument("--count", type=int, default=1, help="number of deals")
    deal.set_defaults(run=_deal)
    register_draughts(commands)
    add_simulate_command(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    result: int = args.run(args)
    return result

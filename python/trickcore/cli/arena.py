"""``python -m trickcore arena <game> --bots rule,greedy,greedy,greedy``: duplicate play of bots,
printed as a table of means with intervals."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from trickcore.arena import arena
from trickcore.bots import BOTS
from trickcore.cli.simulate import (
    EXIT_BAD_INPUT,
    EXIT_FAILED,
    EXIT_INTERRUPTED,
    _check_writable,
    add_rules_arguments,
    dask_client,
    level,
    positive,
    rules_from_args,
)
from trickcore.core.errors import TrickcoreError
from trickcore.simulation import SimulationError


def add_arena_command(
    subparsers: argparse._SubParsersAction[argparse.ArgumentParser],
) -> argparse.ArgumentParser:
    """Adds ``arena`` to the trickcore command line."""
    parser = subparsers.add_parser(
        "arena", help="play bots against each other, duplicate, and print their standings",
        description="Play each deal once per rotation of the bots through the seats and print "
                    "each bot's mean with a confidence interval from the paired scores, and "
                    "the difference of every pair. The same seed gives the same result "
                    "whatever the workers.")
    parser.add_argument("game", help="the card game, e.g. svarta-maja, spades, dam-avoid")
    parser.add_argument("--bots", required=True, metavar="A,B,...",
                        help=f"one bot per seat, comma-separated ({', '.join(BOTS)})")
    parser.add_argument("--deals", type=positive, default=2000, metavar="N",
                        help="duplicate deals (or matches with --match; default 2000)")
    parser.add_argument("--seed", type=int, default=None, metavar="S",
                        help="seed of the deals and the bots (default: fresh entropy)")
    parser.add_argument("--match", action="store_true",
                        help="Spades: whole matches to the target, scored by wins")
    add_rules_arguments(parser)
    parser.add_argument("--workers", type=positive, default=None, metavar="W",
                        help="processes (default: every core)")
    parser.add_argument("--scheduler", default=None, metavar="ADDRESS",
                        help="run on a Dask cluster (an address, or 'local')")
    parser.add_argument("--save", default=None, metavar="FILE",
                        help="save the seat values, rules, bots and seed (.npz or .parquet)")
    parser.add_argument("--checkpoint", default=None, metavar="DIR",
                        help="keep each finished task in DIR: the same command run again "
                             "plays only what is missing (needs --seed)")
    parser.add_argument("--confidence", type=level, default=0.95, metavar="LEVEL",
                        help="confidence level of the intervals (default 0.95)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    parser.set_defaults(run=run_arena)
    return parser


def run_arena(args: argparse.Namespace) -> int:
    try:
        rules = rules_from_args(args)
        if args.save is not None:
            _check_writable(Path(args.save))
        bots = [name.strip() for name in args.bots.split(",")]
        with dask_client(args.scheduler, args.workers) as client:
            result = arena(
                rules, bots, deals=args.deals, seed=args.seed, match=args.match,
                workers=args.workers if client is None or args.scheduler != "local" else None,
                executor=client, progress=not args.no_progress, checkpoint=args.checkpoint)
        print(result.format_summary(args.confidence))
        if args.save is not None:
            print(f"\nsaved to {result.save(args.save)}")
    except TrickcoreError as error:
        print(f"trickcore arena: error: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except (SimulationError, OSError) as error:
        print(f"trickcore arena: {error}", file=sys.stderr)
        return EXIT_FAILED
    except KeyboardInterrupt:
        print("trickcore arena: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    return 0

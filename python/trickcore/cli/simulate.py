"""``python -m trickcore simulate <game>``: play many deals or games and print a summary."""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from fractions import Fraction
from pathlib import Path
from typing import Any

from trickcore.core.errors import SerializationError, TrickcoreError
from trickcore.core.rules_codec import fields_from_json
from trickcore.simulation import GAMES, SimulationError, SimulationResult, simulate
from trickcore.simulation.errors import SimulationArgumentError
from trickcore.simulation.executors import default_workers
from trickcore.simulation.protocol import SimulationRules
from trickcore.simulation.registry import game, rules_for
from trickcore.simulation.stats import z_score
from trickcore.simulation.storage import format_of

SUFFIXES = {"k": 10**3, "m": 10**6, "g": 10**9}
EXIT_BAD_INPUT = 2
EXIT_FAILED = 1
EXIT_INTERRUPTED = 130


def count(text: str) -> int:
    """A non-negative whole number: ``1000000``, ``1_000_000``, ``1e6`` or ``1M``."""
    cleaned = text.strip().lower().replace("_", "")
    factor = SUFFIXES.get(cleaned[-1:], 1)
    try:
        value = Fraction(cleaned[:-1] if factor != 1 else cleaned) * factor
    except (ValueError, ZeroDivisionError):
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value.denominator != 1 or value < 0:
        raise argparse.ArgumentTypeError(f"not a non-negative whole number: {text!r}")
    return int(value)


def positive(text: str) -> int:
    number = count(text)
    if number == 0:
        raise argparse.ArgumentTypeError("must be at least 1")
    return number


def level(text: str) -> float:
    try:
        value = float(text)
        z_score(value)
    except (ValueError, TrickcoreError):
        raise argparse.ArgumentTypeError(f"not a confidence level in (0, 1): {text!r}") from None
    return value


def games_listing() -> str:
    width = max(map(len, GAMES))
    return "\n".join(
        f"  {name.ljust(width)}  {'ready' if game.available() else 'not installed':13}  "
        f"{game.description}" for name, game in GAMES.items())


def add_simulate_command(
    subparsers: argparse._SubParsersAction[argparse.ArgumentParser],
) -> argparse.ArgumentParser:
    """Adds ``simulate`` to the trickcore command line."""
    parser = subparsers.add_parser(
        "simulate", help="simulate many deals or games and print a summary",
        description="Play N deals (or games) with a built-in policy on every core, a Dask "
                    "cluster, or one thread, and print mean, confidence interval, sd, min and "
                    "max of every summarised output. The same seed gives the same result "
                    "whatever the workers. Use --list to see the games.")
    parser.add_argument("game", nargs="?", help="the game to simulate, e.g. svarta-maja")
    parser.add_argument("--list", action="store_true", help="list the games and exit")
    parser.add_argument("--deals", type=count, default=100_000, metavar="N",
                        help="number of deals or games (1000000, 1e6 or 1M; default 100k)")
    parser.add_argument("--seed", type=int, default=None, metavar="S",
                        help="seed for a reproducible run (default: fresh entropy, printed)")
    add_rules_arguments(parser)
    parser.add_argument("--policy", default="random", metavar="P",
                        help="playing policy (default random; greedy where the game has it)")
    parser.add_argument("--workers", type=positive, default=None, metavar="W",
                        help="threads (default: every core); with --scheduler local, the "
                             "number of Dask workers")
    parser.add_argument("--scheduler", default=None, metavar="ADDRESS",
                        help="run on a Dask cluster: a scheduler address such as "
                             "tcp://host:8786, or 'local' for a LocalCluster on this machine")
    parser.add_argument("--start", type=count, default=0, metavar="I",
                        help="first item of the seed's sequence (replays part of a run)")
    parser.add_argument("--stats-only", action="store_true",
                        help="keep running statistics only: flat memory for huge runs")
    parser.add_argument("--save", default=None, metavar="FILE",
                        help="save rows, statistics, rules and seed (.npz or .parquet)")
    parser.add_argument("--plot", default=None, metavar="FILE",
                        help="plot the distribution of every summarised field to an image "
                             "(needs matplotlib)")
    parser.add_argument("--confidence", type=level, default=0.95, metavar="LEVEL",
                        help="confidence level of the intervals (default 0.95)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    parser.set_defaults(run=run_simulate, simulate_parser=parser)
    return parser


def add_rules_arguments(parser: argparse.ArgumentParser) -> None:
    """``--players``, ``--set`` and ``--rules``, which ``rules_from_args`` reads."""
    parser.add_argument("--players", type=int, default=None, metavar="N",
                        help="number of players (where the game lets it vary)")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                        dest="settings",
                        help="set a rule parameter, e.g. pass_count=0 or teams=true "
                             "(repeatable; ints, true/false, none, else text)")
    parser.add_argument("--rules", default=None, metavar="FILE",
                        help="a JSON object of rule parameters, e.g. {\"heart_points\": 2}; "
                             "--players and --set override it")


def run_simulate(args: argparse.Namespace) -> int:
    if args.list:
        print(f"games:\n{games_listing()}")
        return 0
    if args.game is None:
        args.simulate_parser.error("name a game to simulate (or --list the games)")
    try:
        rules = rules_from_args(args)
        _check_outputs(args)
        with dask_client(args.scheduler, args.workers) as client:
            result = simulate(
                rules, args.deals, seed=args.seed, policy=args.policy,
                workers=args.workers if client is None or args.scheduler != "local" else None,
                executor=client, progress=not args.no_progress, stats_only=args.stats_only,
                start=args.start)
        print(result.format_summary(args.confidence))
        _write_outputs(result, args)
    except TrickcoreError as error:
        print(f"trickcore simulate: error: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except SimulationError as error:
        print(f"trickcore simulate: {error}", file=sys.stderr)
        return EXIT_FAILED
    except OSError as error:  # --save or --plot could not write
        print(f"trickcore simulate: error: {error}", file=sys.stderr)
        return EXIT_FAILED
    except KeyboardInterrupt:
        print("trickcore simulate: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    return 0


def setting(text: str) -> tuple[str, object]:
    """``NAME=VALUE`` of ``--set``: the value an int, true/false, none, or else the text."""
    name, equals, raw = text.partition("=")
    if not equals or not name.strip():
        raise SimulationArgumentError(f"--set takes NAME=VALUE, such as pass_count=0, not "
                                      f"{text!r}")
    word = raw.strip().lower()
    value: object = raw
    if word in ("true", "false"):
        value = word == "true"
    elif word in ("none", "null"):
        value = None
    else:
        try:
            value = int(raw)
        except ValueError:
            pass
    return name.strip(), value


def rules_from_args(args: argparse.Namespace) -> SimulationRules:
    """The game's preset with the parameters of ``--rules``, then ``--players``, then each
    ``--set``."""
    entry = game(args.game)
    overrides: dict[str, Any] = {}
    if args.rules is not None:
        overrides.update(read_rules_file(args.rules, entry.rules_class()))
    if args.players is not None:
        overrides["players"] = args.players
    overrides.update(setting(text) for text in args.settings)
    return rules_for(entry.name, **overrides)


def read_rules_file(path: str, cls: type) -> dict[str, Any]:
    """The rule parameters of a ``--rules`` JSON file, read through the rules codec."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise SimulationArgumentError(f"cannot read --rules file {path!r}: {error}") from None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise SerializationError(f"--rules file {path!r} is not JSON: {error}") from None
    return fields_from_json(cls, data, f"--rules file {path!r}")


def _check_outputs(args: argparse.Namespace) -> None:
    """Fails before a long run, not after it, when a requested output cannot be written."""
    if args.save is not None:
        if format_of(args.save, None) == "parquet":
            _require("pyarrow", "--save FILE.parquet", "parquet")
        _check_writable(Path(args.save))
    if args.plot is not None:
        _require("matplotlib", "--plot", "plot")


def _check_writable(target: Path) -> None:
    """Opens ``target`` for writing (removing it again if it was not there)."""
    existed = target.exists()
    try:
        with target.open("ab"):
            pass
    except OSError as error:
        raise SimulationArgumentError(
            f"cannot write --save file {str(target)!r}: {error.strerror or error}") from None
    if not existed:
        target.unlink()


def _require(module: str, option: str, extra: str) -> None:
    try:
        __import__(module)
    except ImportError:
        raise SimulationArgumentError(
            f"{option} needs {module}: pip install 'trickcore[{extra}]'") from None


def _write_outputs(result: SimulationResult, args: argparse.Namespace) -> None:
    if args.save is not None:
        print(f"\nsaved to {result.save(args.save)}")
    if args.plot is not None:
        result.plot_fields(path=args.plot)
        print(f"plot saved to {args.plot}")


@contextmanager
def dask_client(address: str | None, workers: int | None) -> Iterator[object | None]:
    """A Dask client for ``--scheduler`` (None without it); 'local' starts a LocalCluster of
    ``workers`` single-threaded worker processes for the run's duration."""
    if address is None:
        yield None
        return
    try:
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        raise SimulationArgumentError(
            "--scheduler needs dask.distributed: pip install 'trickcore[dask]'") from None
    if address == "local":
        with distributed.LocalCluster(
                n_workers=workers or default_workers(), threads_per_worker=1,
                dashboard_address=None) as cluster, distributed.Client(cluster) as client:
            yield client
    else:
        try:
            client = distributed.Client(address, timeout="10s")
        except (OSError, TimeoutError, ValueError) as error:
            raise SimulationArgumentError(
                f"cannot reach the Dask scheduler at {address!r}: {error}") from None
        with client:
            yield client

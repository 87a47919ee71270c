"""Where blocks run: inline, on local threads, on any ``concurrent.futures``-style executor, or
on a Dask cluster through its ``distributed.Client``.

Tasks (runs of consecutive blocks) are submitted a bounded window ahead and their outputs are
yielded strictly in block order, so memory stays flat in streaming mode and merged results
never depend on scheduling.
Dask is never imported here: a Client is recognised by its module and used like an executor.
"""

from __future__ import annotations

import os
import uuid
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from itertools import islice
from typing import Any, Protocol, TypeVar

from trickcore.simulation.errors import SimulationArgumentError, SimulationError
from trickcore.simulation.tasks import (
    BlockFailure,
    BlockOutput,
    Span,
    describe,
    item_range,
)

# Tasks in flight per worker: enough to keep every worker busy while the head task finishes.
WINDOW_PER_WORKER = 2
# An executor other than local threads pays per task (pickling, a scheduler round trip), so
# its tasks group blocks: up to this many, keeping at least TASKS_PER_WORKER tasks per worker.
MAX_BLOCKS_PER_TASK = 16
TASKS_PER_WORKER = 8


class FutureLike(Protocol):
    def result(self) -> Any: ...

    def cancel(self) -> bool: ...


class Task(Protocol):
    """A picklable unit of work over consecutive block spans of a run (a simulation's
    ``BlockTask``, an arena's task), named in failures by its spans and its rules' game."""

    @property
    def rules(self) -> Any: ...

    @property
    def spans(self) -> tuple[Span, ...]: ...


T = TypeVar("T", bound=Task)


def default_workers() -> int:
    """The number of cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def is_dask_client(executor: object) -> bool:
    return type(executor).__module__.split(".")[0] == "distributed" and hasattr(
        executor, "scheduler_info")


def check_executor(executor: object) -> None:
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise SimulationArgumentError(
            f"executor must be a concurrent.futures.Executor or a dask.distributed.Client, "
            f"not {type(executor).__name__}")


def executor_capacity(executor: object, workers: int | None) -> int:
    """How many blocks an executor runs at once: ``workers`` when given, else what the executor
    reports (a Dask cluster's total threads), else this machine's cores."""
    if workers is not None:
        return workers
    if is_dask_client(executor):
        threads = sum(executor.nthreads().values())  # type: ignore[attr-defined]
        return max(int(threads), 1)
    reported = getattr(executor, "_max_workers", None)
    return reported if isinstance(reported, int) and reported > 0 else default_workers()


def blocks_per_task(executor: object | None, workers: int, blocks: int) -> int:
    """One block per task on local threads; grouped blocks on other executors."""
    if executor is None:
        return 1
    return max(1, min(MAX_BLOCKS_PER_TASK, blocks // (TASKS_PER_WORKER * workers)))


def describe_backend(executor: object, workers: int) -> str:
    """``2 threads``, ``dask tcp://10.0.0.1:8786 (8 workers)``, ``ProcessPoolExecutor (...)``."""
    plural = "" if workers == 1 else "s"
    if executor is None:
        return f"{workers} thread{plural}"
    if is_dask_client(executor):
        scheduler = getattr(executor, "scheduler", None)
        name = f"dask {getattr(scheduler, 'address', '')}".rstrip()
    else:
        name = type(executor).__name__
    return f"{name} ({workers} worker{plural})"


def execute(
    tasks: Iterable[T], *, workers: int, executor: object | None,
    run: Callable[[T], BlockOutput],
) -> Iterator[BlockOutput]:
    """Runs ``run(task)`` for each of ``tasks`` (``workers`` at a time, or on ``executor``;
    ``run`` a module-level function, so that it pickles), yielding outputs in order.

    A failing block raises SimulationError naming the block and chaining the original error;
    tasks still pending are cancelled, and so they are when the consumer stops early.
    """
    window = WINDOW_PER_WORKER * workers
    if executor is None and workers == 1:
        for task in tasks:
            yield _run_checked(run, task)
    elif executor is None:
        with ThreadPoolExecutor(workers, thread_name_prefix="trickcore-simulate") as pool:
            yield from _ordered(lambda task: pool.submit(run, task), tasks, window)
    elif is_dask_client(executor):
        key = uuid.uuid4().hex[:12]

        def submit(task: T) -> FutureLike:
            future: FutureLike = executor.submit(  # type: ignore[attr-defined]
                run, task, pure=False, key=f"trickcore-block-{task.spans[0][0]}-{key}")
            return future

        yield from _ordered(submit, tasks, window)
    else:
        yield from _ordered(
            lambda task: executor.submit(run, task),  # type: ignore[attr-defined]
            tasks, window)


def _run_checked(run: Callable[[T], BlockOutput], task: T) -> BlockOutput:
    try:
        return run(task)
    except Exception as error:
        raise task_failure(task, error) from _cause(error)


def _ordered(submit: Callable[[T], FutureLike], tasks: Iterable[T],
             window: int) -> Iterator[BlockOutput]:
    queue = iter(tasks)
    pending: deque[tuple[T, FutureLike]] = deque(
        (task, submit(task)) for task in islice(queue, window))
    try:
        while pending:
            task, future = pending.popleft()
            try:
                output: BlockOutput = future.result()
            except Exception as error:
                raise task_failure(task, error) from _cause(error)
            for following in islice(queue, 1):
                pending.append((following, submit(following)))
            yield output
    finally:
        for _, future in pending:
            future.cancel()


def _cause(error: Exception) -> Exception:
    return error.error if isinstance(error, BlockFailure) else error


def task_failure(task: Task, error: Exception) -> SimulationError:
    """The error that reports a failed task: the failing block when the worker named it, else
    the task's blocks (a lost worker, a task that could not be sent)."""
    spans = (error.span,) if isinstance(error, BlockFailure) else task.spans
    cause = _cause(error)
    first, last = item_range(spans)
    return SimulationError(
        f"{task.rules.game} simulation failed in {describe(spans)}: "
        f"{type(cause).__name__}: {cause}",
        block=spans[0][0] if len(spans) == 1 else None, first_item=first, last_item=last)

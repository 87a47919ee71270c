"""Where blocks run: inline, on local threads, on any ``concurrent.futures``-style executor, or
on a Dask cluster through its ``distributed.Client``.

Blocks are submitted a bounded window ahead and their outputs are yielded strictly in block
order, so memory stays flat in streaming mode and merged results never depend on scheduling.
Dask is never imported here: a Client is recognised by its module and used like an executor.
"""

from __future__ import annotations

import os
import uuid
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from itertools import islice
from typing import Any, Protocol

from trickcore.simulation.errors import SimulationArgumentError, SimulationError
from trickcore.simulation.tasks import BlockOutput, BlockTask, run_block

# Blocks in flight per worker: enough to keep every worker busy while the head block finishes.
WINDOW_PER_WORKER = 2


class FutureLike(Protocol):
    def result(self) -> Any: ...

    def cancel(self) -> bool: ...


Submit = Callable[[BlockTask], FutureLike]


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


def describe_backend(executor: object, workers: int) -> str:
    if executor is None:
        return "1 thread" if workers == 1 else f"{workers} threads"
    if is_dask_client(executor):
        address = getattr(executor, "scheduler", None)
        return f"dask {getattr(address, 'address', '')}".rstrip() + f" ({workers} workers)"
    return f"{type(executor).__name__} ({workers} workers)"


def execute(
    tasks: Iterable[BlockTask], *, workers: int, executor: object | None
) -> Iterator[BlockOutput]:
    """Runs ``tasks`` (``workers`` at a time, or on ``executor``), yielding outputs in order.

    A failing block raises SimulationError naming the block and chaining the original error;
    blocks still pending are cancelled, and so they are when the consumer stops early.
    """
    window = WINDOW_PER_WORKER * workers
    if executor is None and workers == 1:
        for task in tasks:
            yield _run_checked(task)
    elif executor is None:
        with ThreadPoolExecutor(workers, thread_name_prefix="trickcore-simulate") as pool:
            yield from _ordered(lambda task: pool.submit(run_block, task), tasks, window)
    elif is_dask_client(executor):
        run = uuid.uuid4().hex[:12]

        def submit(task: BlockTask) -> FutureLike:
            future: FutureLike = executor.submit(  # type: ignore[attr-defined]
                run_block, task, pure=False, key=f"trickcore-block-{task.block}-{run}")
            return future

        yield from _ordered(submit, tasks, window)
    else:
        yield from _ordered(
            lambda task: executor.submit(run_block, task),  # type: ignore[attr-defined]
            tasks, window)


def _run_checked(task: BlockTask) -> BlockOutput:
    try:
        return run_block(task)
    except Exception as error:
        raise block_failure(task, error) from error


def _ordered(submit: Submit, tasks: Iterable[BlockTask], window: int) -> Iterator[BlockOutput]:
    queue = iter(tasks)
    pending: deque[tuple[BlockTask, FutureLike]] = deque(
        (task, submit(task)) for task in islice(queue, window))
    try:
        while pending:
            task, future = pending.popleft()
            try:
                output: BlockOutput = future.result()
            except Exception as error:
                raise block_failure(task, error) from error
            for following in islice(queue, 1):
                pending.append((following, submit(following)))
            yield output
    finally:
        for _, future in pending:
            future.cancel()


def block_failure(task: BlockTask, error: BaseException) -> SimulationError:
    return SimulationError(
        f"{task.rules.game} simulation failed in {task.describe()}: "
        f"{type(error).__name__}: {error}",
        block=task.block, first_deal=task.first_item,
        last_deal=task.first_item + task.count - 1)

"""The process pool the tables service works its reviews out in, whose worker ends with it.

A ``spawn`` pool's worker holds both ends of the pipe it waits on, so it would never notice a
service that was killed (a crash, ``kill -9``, a container stopped hard) and would run on,
orphaned, with its resource tracker. Each worker therefore watches its parent, and exits as
soon as it is gone.

>>> pool = new_review_pool()
>>> pool.submit(sum, [1, 2, 3]).result()
6
>>> pool.shutdown()
"""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor

CHECK_SECONDS = 1.0  # how often a worker looks whether its parent still runs


def new_review_pool() -> ProcessPoolExecutor:
    """One ``spawn`` worker (a fresh interpreter: no state copied from the service) that ends
    when the service's process does."""
    return ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                               initializer=exit_with_parent, initargs=(os.getpid(),))


def exit_with_parent(parent: int) -> None:
    """In a worker: watch, in a daemon thread, that ``parent`` is still this process's parent,
    and end the process at once when it is not (it died, and the worker was handed on)."""
    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(CHECK_SECONDS)
        os._exit(0)
    threading.Thread(target=watch, name="exit-with-parent", daemon=True).start()


__all__ = ["CHECK_SECONDS", "exit_with_parent", "new_review_pool"]

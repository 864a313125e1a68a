"""The tables service's review worker ends with the service, even one killed outright."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

from process_tree import alive, stop_tree

PARENT = """
import os, sys, time
from truco_learn.tables.review_pool import new_review_pool
pool = new_review_pool()
print(pool.submit(os.getpid).result(), flush=True)
time.sleep(120)
"""


def test_the_review_worker_exits_when_the_service_is_killed() -> None:
    parent = subprocess.Popen([sys.executable, "-c", PARENT], stdout=subprocess.PIPE)
    worker = 0
    try:
        assert parent.stdout is not None
        worker = int(parent.stdout.readline())
        assert worker != parent.pid and alive(worker)
        os.kill(parent.pid, signal.SIGKILL)  # no shutdown: as a crash would end it
        parent.wait(10)
        deadline = time.monotonic() + 15
        while alive(worker) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not alive(worker), "the review worker outlived the service"
    finally:
        if worker and alive(worker):
            os.kill(worker, signal.SIGKILL)
        stop_tree(parent)

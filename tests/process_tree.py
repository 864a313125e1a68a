"""Stopping a server a test started together with every process it started.

A server's children do not always die with it: Jupyter starts kernels and JupyterHub starts
single-user servers in sessions of their own, and a ``spawn`` process pool's workers (the tables
service's reviews) wait on a pipe they hold both ends of, so they outlive a parent that was
killed. Such processes would be left running after the tests. :func:`stop_tree` collects the
whole tree from ``/proc`` before the server is stopped, then ends whatever of it is still alive.

>>> import subprocess, sys
>>> p = subprocess.Popen([sys.executable, "-c", "import subprocess, sys, time; "
...     "subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)'], "
...     "start_new_session=True); time.sleep(60)"])
>>> import time; time.sleep(1.0)
>>> kids = descendants(p.pid)
>>> len(kids)
1
>>> stop_tree(p)
>>> [alive(k) for k in kids]
[False]
"""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path


def _parents() -> dict[int, int]:
    """Every process's parent, read from ``/proc`` (empty where there is no ``/proc``)."""
    out: dict[int, int] = {}
    for entry in Path("/proc").glob("[0-9]*"):
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        # the command name may hold spaces and parentheses: the fields follow its last ')'
        fields = stat[stat.rfind(")") + 2:].split()
        out[int(entry.name)] = int(fields[1])
    return out


def descendants(pid: int) -> list[int]:
    """The processes below ``pid`` (children, their children, ...), whatever their session."""
    children: dict[int, list[int]] = {}
    for child, parent in _parents().items():
        children.setdefault(parent, []).append(child)
    found: list[int] = []
    todo = list(children.get(pid, ()))
    while todo:
        p = todo.pop()
        found.append(p)
        todo.extend(children.get(p, ()))
    return found


def alive(pid: int) -> bool:
    """Whether ``pid`` still runs (a zombie, dead but not yet reaped, counts as ended)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return state[state.rfind(")") + 2:].split()[0] != "Z"


def _signal(pid: int, sig: int) -> None:
    try:
        os.kill(pid, sig)
    except (ProcessLookupError, PermissionError):
        pass


def stop_tree(proc: subprocess.Popen[bytes], group: bool = False, sig: int = signal.SIGTERM,
              timeout: float = 15.0) -> None:
    """Stop ``proc`` with ``sig`` (its whole process group with ``group``: it was started in a
    session of its own), wait for it, then end every process it had started that still runs:
    SIGTERM first, SIGKILL for what is left after a few seconds."""
    kids = descendants(proc.pid) if proc.poll() is None else []
    if proc.poll() is None:
        if group:
            try:
                os.killpg(proc.pid, sig)
            except ProcessLookupError:
                pass
        else:
            proc.send_signal(sig)
        try:
            proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            if group:
                try:
                    os.killpg(proc.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
            else:
                proc.kill()
            proc.wait()
    left = [k for k in kids if alive(k)]
    for k in left:
        _signal(k, signal.SIGTERM)
    deadline = time.monotonic() + 5.0
    while time.monotonic() < deadline and any(alive(k) for k in left):
        time.sleep(0.1)
    for k in left:
        if alive(k):
            _signal(k, signal.SIGKILL)


__all__ = ["alive", "descendants", "stop_tree"]

"""A real, throwaway PostgreSQL server for tests, from the machine's PostgreSQL binaries.

``PostgresServer.start()`` runs ``initdb`` in a fresh temporary directory and ``pg_ctl start`` on
a free 127.0.0.1 port (password authentication, fsync off), and ``stop()`` stops it and removes
the directory. PostgreSQL refuses to run as root, so as root both run as the ``postgres`` user
(else ``nobody``) through ``runuser``, in a directory that user owns.

``find_bindir()`` gives ``None`` when no PostgreSQL binaries are installed (Debian:
``apt-get install postgresql``; ``.ci/run`` installs it); the fixtures skip then, saying so.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

USER = "truco"
PASSWORD = "truco-test-pw"


def find_bindir() -> Path | None:
    """The directory holding ``initdb`` and ``pg_ctl`` (``$TRUCO_PG_BINDIR`` overrides)."""
    env = os.environ.get("TRUCO_PG_BINDIR")
    candidates = [env] if env else sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True)
    if not env:
        found = shutil.which("initdb")
        if found:
            candidates.append(str(Path(found).parent))
    for c in candidates:
        if c and (Path(c) / "initdb").is_file() and (Path(c) / "pg_ctl").is_file():
            return Path(c)
    return None


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _run_as() -> tuple[list[str], int | None, int | None]:
    """The command prefix and the uid/gid that will own the data (root cannot run it)."""
    if os.geteuid() != 0:
        return [], None, None
    for name in ("postgres", "nobody"):
        try:
            pw = pwd.getpwnam(name)
        except KeyError:
            continue
        runuser = shutil.which("runuser")
        if runuser:
            return [runuser, "-u", name, "--"], pw.pw_uid, pw.pw_gid
        setpriv = shutil.which("setpriv")
        if setpriv:
            return ([setpriv, f"--reuid={pw.pw_uid}", f"--regid={pw.pw_gid}", "--clear-groups"],
                    pw.pw_uid, pw.pw_gid)
    raise RuntimeError("running as root, but there is no postgres/nobody user and no runuser "
                       "or setpriv to start PostgreSQL as an unprivileged user")


class PostgresServer:
    """One server; ``url(dbname)`` is a psycopg URL with the test password."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.port = free_port()
        self.prefix, uid, gid = _run_as()
        self.dir = Path(tempfile.mkdtemp(prefix="truco-pg-"))
        if uid is not None and gid is not None:
            os.chown(self.dir, uid, gid)
        self.data = self.dir / "data"
        self.log = self.dir / "server.log"
        self._uid, self._gid = uid, gid
        self.running = False

    def _run(self, *cmd: str, timeout: float = 120) -> None:
        proc = subprocess.run([*self.prefix, *cmd], capture_output=True, text=True,
                              timeout=timeout, cwd=self.dir)
        if proc.returncode != 0:
            log = self.log.read_text(errors="replace")[-2000:] if self.log.exists() else ""
            raise RuntimeError(f"{' '.join(cmd)} failed ({proc.returncode}):\n{proc.stdout}\n"
                               f"{proc.stderr}\n{log}")

    def start(self) -> "PostgresServer":
        pwfile = self.dir / "pw"
        pwfile.write_text(PASSWORD + "\n")
        if self._uid is not None and self._gid is not None:
            os.chown(pwfile, self._uid, self._gid)
        self._run(str(self.bindir / "initdb"), "-D", str(self.data), "-U", USER,
                  "--auth=scram-sha-256", f"--pwfile={pwfile}", "-E", "UTF8",
                  "--locale=C", "--no-sync")
        opts = (f"-h 127.0.0.1 -p {self.port} -k {self.dir} -c fsync=off "
                "-c synchronous_commit=off -c full_page_writes=off -c max_connections=200")
        self._run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-o", opts,
                  "-l", str(self.log), "-w", "-t", "90", "start")
        self.running = True
        return self

    def url(self, dbname: str = "postgres") -> str:
        return f"postgresql://{USER}:{PASSWORD}@127.0.0.1:{self.port}/{dbname}"

    def create_database(self, name: str) -> str:
        """A fresh empty database; its URL."""
        import psycopg
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def drop_database(self, name: str) -> None:
        import psycopg
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    def stop(self) -> None:
        if self.running:
            try:
                self._run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-m", "fast",
                          "-w", "-t", "60", "stop")
            finally:
                self.running = False
        for _ in range(3):
            shutil.rmtree(self.dir, ignore_errors=True)
            if not self.dir.exists():
                break
            time.sleep(0.5)

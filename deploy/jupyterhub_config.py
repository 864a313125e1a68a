"""JupyterHub for a class: every user's server runs the truco-learn app (Voilà, landing on the
course); the tables service and the progress service run once for everyone, on one PostgreSQL.

A student's own server runs whatever its student types, so it holds neither the database's
password nor the results files' secret: its kernels send each answer to the progress service
with the server's hub token, and the service stores it (graded again) under that hub user's
name. Only the teachers' servers (``TRUCO_HUB_TEACHERS``) get the database and the secret, for
the teacher's page. A student's course progress (lessons, rules to review) stays in their home.

Run from any directory (the hub keeps its state there)::

    TRUCO_LEARN_DB=postgresql://truco:PASSWORD@127.0.0.1:5432/truco \
        jupyterhub -f /path/to/truco-learn/deploy/jupyterhub_config.py

Settings (environment variables; see deploy/README.md):

- ``TRUCO_LEARN_DB`` (required): the class store, ``postgresql://user:password@host:port/db``.
- ``TRUCO_HUB_IP`` / ``TRUCO_HUB_PORT``: where the hub listens (``127.0.0.1``, ``8000``).
- ``TRUCO_HUB_AUTH``: ``pam`` (system accounts, the default), ``shared`` (any name, one class
  password ``TRUCO_HUB_PASSWORD`` for students and ``TRUCO_HUB_TEACHER_PASSWORD`` for the
  teachers, 8 characters or more: a class without accounts), or ``dummy`` (any name, any
  password: a test only).
- ``TRUCO_HUB_SPAWNER``: ``local`` (one system user per student, the default) or ``simple``
  (every server as the hub's user, homes under ``TRUCO_HUB_HOMES``: for a test only).
- ``TRUCO_HUB_TEACHERS``: comma-separated user names who are hub admins.
- ``TRUCO_HUB_PROXY``: the ``configurable-http-proxy`` executable (default: on ``PATH``).
- ``TRUCO_TABLES_PORT``: the tables service's port (``8870``); ``TRUCO_TABLES_DB`` its store
  (default: ``TRUCO_LEARN_DB``, the class's PostgreSQL).
- ``TRUCO_PROGRESS_PORT``: the progress service's port (``8871``).
- ``TRUCO_LEARN_SECRET``: signs the results files (the progress service signs them; the
  teachers' servers check them).
- ``TRUCO_HUB_PUBLIC_URL``: the address students open (``https://hub.example.org``), for the
  tables' invite links (default ``http://TRUCO_HUB_IP:TRUCO_HUB_PORT``).
- ``TRUCO_KERNEL_IDLE_S``: a page's kernel idle this long is stopped (``1200``); the page says so
  and offers to reload, the learner's progress is in the store.
- ``TRUCO_MAX_KERNELS``: at most this many kernels per user server (``8``).
  (Defaults from deploy/jupyter/jupyter_server_config.json.)
- ``TRUCO_SERVER_IDLE_S``: a user server idle this long is stopped by the idle culler, when
  ``jupyterhub-idle-culler`` is installed (``3600``).
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys
from pathlib import Path

c = get_config()  # type: ignore[name-defined]  # noqa: F821 (JupyterHub provides it)

REPO = Path(__file__).resolve().parent.parent
LESSONS = Path(os.environ.get("TRUCO_LEARN_LESSONS", REPO / "lessons"))
BIN = Path(sys.executable).parent  # the environment JupyterHub runs from has the app too
LANDING = "/voila/render/index.ipynb"  # Voilà, on the course's index

DB = os.environ.get("TRUCO_LEARN_DB", "")
if not DB:
    sys.exit("jupyterhub_config: set TRUCO_LEARN_DB to the class store, e.g. "
             "postgresql://truco:PASSWORD@127.0.0.1:5432/truco (see deploy/README.md)")
TABLES_PORT = int(os.environ.get("TRUCO_TABLES_PORT", "8870"))
# The tables live in the class's PostgreSQL with the progress (their own tables, component
# "tables" in schema_versions); TRUCO_TABLES_DB may give them a database of their own.
TABLES_DB = os.environ.get("TRUCO_TABLES_DB") or DB
TABLES_URL = f"http://127.0.0.1:{TABLES_PORT}/truco/api/"
PROGRESS_PORT = int(os.environ.get("TRUCO_PROGRESS_PORT", "8871"))
PROGRESS_URL = f"http://127.0.0.1:{PROGRESS_PORT}/truco/progress/"
HUB_IP = os.environ.get("TRUCO_HUB_IP", "127.0.0.1")
HUB_PORT = int(os.environ.get("TRUCO_HUB_PORT", "8000"))
# Invite links send whoever opens them to the tables page on their own server.
PUBLIC_URL = (os.environ.get("TRUCO_HUB_PUBLIC_URL")
              or f"http://{'127.0.0.1' if HUB_IP in ('', '0.0.0.0') else HUB_IP}:{HUB_PORT}")
INVITE_URL = (PUBLIC_URL.rstrip("/")
              + "/hub/user-redirect/voila/render/tables.ipynb?table={table}")

# ---------------------------------------------------------------- the hub and its proxy
c.JupyterHub.ip = HUB_IP
c.JupyterHub.port = HUB_PORT
c.JupyterHub.hub_ip = "127.0.0.1"
c.ConfigurableHTTPProxy.command = [os.environ.get("TRUCO_HUB_PROXY")
                                   or shutil.which("configurable-http-proxy")
                                   or "configurable-http-proxy"]
if os.environ.get("TRUCO_HUB_PROXY_API_PORT"):
    c.ConfigurableHTTPProxy.api_url = (
        f"http://127.0.0.1:{os.environ['TRUCO_HUB_PROXY_API_PORT']}")
if os.environ.get("TRUCO_HUB_INTERNAL_PORT"):
    c.JupyterHub.hub_port = int(os.environ["TRUCO_HUB_INTERNAL_PORT"])

# ---------------------------------------------------------------- who logs in
auth = os.environ.get("TRUCO_HUB_AUTH", "pam")
if auth == "dummy":
    c.JupyterHub.authenticator_class = "dummy"
    c.Authenticator.allow_all = True
elif auth == "shared":
    c.JupyterHub.authenticator_class = "shared-password"
    c.SharedPasswordAuthenticator.user_password = os.environ.get("TRUCO_HUB_PASSWORD", "")
    if os.environ.get("TRUCO_HUB_TEACHER_PASSWORD"):
        c.SharedPasswordAuthenticator.admin_password = os.environ["TRUCO_HUB_TEACHER_PASSWORD"]
    c.Authenticator.allow_all = True
elif auth == "pam":
    c.JupyterHub.authenticator_class = "pam"
    c.Authenticator.allow_all = True  # every account of this machine; narrow with allowed_users
else:
    sys.exit(f"jupyterhub_config: TRUCO_HUB_AUTH={auth!r}: expected pam, shared or dummy")
teachers = {t.strip() for t in os.environ.get("TRUCO_HUB_TEACHERS", "").split(",") if t.strip()}
if teachers:
    c.Authenticator.admin_users = teachers

# ---------------------------------------------------------------- every user's server: the app
spawner = os.environ.get("TRUCO_HUB_SPAWNER", "local")
if spawner == "simple":
    c.JupyterHub.spawner_class = "jupyterhub.spawner.SimpleLocalProcessSpawner"
    homes = os.environ.get("TRUCO_HUB_HOMES", "/tmp/truco-hub-homes")
    c.SimpleLocalProcessSpawner.home_dir_template = os.path.join(homes, "{username}")
elif spawner == "local":
    c.JupyterHub.spawner_class = "jupyterhub.spawner.LocalProcessSpawner"
else:
    sys.exit(f"jupyterhub_config: TRUCO_HUB_SPAWNER={spawner!r}: expected local or simple")

c.Spawner.cmd = [str(BIN / "jupyterhub-singleuser")]
c.Spawner.notebook_dir = str(LESSONS)
c.Spawner.default_url = LANDING
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 120
# The server's settings (Voilà's, the kernel cap, idle kernels culled) are in
# deploy/jupyter/jupyter_server_config.json, which the image for Kubernetes carries too;
# the environment variables below override them here.
server_args: list[str] = []
if os.environ.get("TRUCO_KERNEL_IDLE_S"):
    server_args.append(
        f"--MappingKernelManager.cull_idle_timeout={os.environ['TRUCO_KERNEL_IDLE_S']}")
if os.environ.get("TRUCO_MAX_KERNELS"):
    server_args.append(f"--CappedKernelManager.max_kernels={os.environ['TRUCO_MAX_KERNELS']}")
if spawner == "simple" and os.geteuid() == 0:
    server_args.append("--ServerApp.allow_root=True")  # a test run as root (containers)
c.Spawner.args = server_args
c.Spawner.environment = {
    "JUPYTER_CONFIG_PATH": str(REPO / "deploy" / "jupyter"),
    "TRUCO_LEARN_PROGRESS_URL": PROGRESS_URL,  # answers go to the progress service
    "TRUCO_LEARN_TABLES_URL": TABLES_URL,  # where the app's kernels find the tables service
}
if os.environ.get("TRUCO_LEARN_SEED"):
    c.Spawner.environment["TRUCO_LEARN_SEED"] = os.environ["TRUCO_LEARN_SEED"]
# the server's hub token (JUPYTERHUB_API_TOKEN, which its kernels see) may call the progress
# service, which asks the hub whose token it is
c.Spawner.server_token_scopes = ["users:activity!user", "access:servers!server",
                                 "access:services!service=progress"]
TEACHER_ENV = {"TRUCO_LEARN_DB": DB}  # the teacher's page reads the whole class
if os.environ.get("TRUCO_LEARN_SECRET"):
    TEACHER_ENV["TRUCO_LEARN_SECRET"] = os.environ["TRUCO_LEARN_SECRET"]


def teacher_environment(spawner: object) -> None:
    """Only a teacher's server gets the class database and the signing secret."""
    user = getattr(spawner, "user")
    if user.name in teachers or getattr(user, "admin", False):
        setattr(spawner, "environment", {**getattr(spawner, "environment"), **TEACHER_ENV})


c.Spawner.pre_spawn_hook = teacher_environment

# ---------------------------------------------------------------- services
services: list[dict[str, object]] = []
roles: list[dict[str, object]] = []
if importlib.util.find_spec("truco_learn.tables") is not None:
    services.append({
        "name": "tables",
        # one process for every user; the hub's proxy also routes /services/tables/ to it
        "command": [str(BIN / "truco-learn"), "tables", "--port", str(TABLES_PORT),
                    "--invite-url", INVITE_URL],
        "url": f"http://127.0.0.1:{TABLES_PORT}",
        "environment": {"TRUCO_LEARN_DB": DB, "TRUCO_LEARN_TABLES_DB": TABLES_DB,
                        "PATH": os.environ.get("PATH", "")},
    })
else:
    print("jupyterhub_config: truco_learn.tables is not installed: no tables service",
          file=sys.stderr)
progress_env = {"TRUCO_LEARN_DB": DB, "PATH": os.environ.get("PATH", "")}
if os.environ.get("TRUCO_LEARN_SECRET"):
    progress_env["TRUCO_LEARN_SECRET"] = os.environ["TRUCO_LEARN_SECRET"]
services.append({
    "name": "progress",
    # one process for every user: it writes each answer for the hub user whose token sent it
    "command": [str(BIN / "truco-learn"), "progress", "--port", str(PROGRESS_PORT)],
    "url": f"http://127.0.0.1:{PROGRESS_PORT}",
    "environment": progress_env,
})
# every user may call the progress service (with their server's token, scoped as above)
roles.append({"name": "user", "scopes": ["self", "access:services!service=progress"]})
if importlib.util.find_spec("jupyterhub_idle_culler") is not None:
    services.append({
        "name": "idle-culler",
        "command": [sys.executable, "-m", "jupyterhub_idle_culler",
                    f"--timeout={os.environ.get('TRUCO_SERVER_IDLE_S', '3600')}"],
    })
    roles.append({"name": "idle-culler", "services": ["idle-culler"],
                  "scopes": ["list:users", "read:users:activity", "read:servers",
                             "delete:servers"]})
c.JupyterHub.services = services
c.JupyterHub.load_roles = roles

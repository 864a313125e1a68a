"""The deployment files agree with each other and with the code: the server settings name a
kernel manager that exists, the Kubernetes values land on the same page as the local hub and
give the same servers the same things (the students' servers the progress service, never the
database; the teachers' servers the database), and the image recipe starts from binder/ and
carries the server settings."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any
from unittest.mock import patch
from urllib.parse import urlsplit

import yaml
from traitlets.utils.importstring import import_item

from truco_learn.serving.kernels import CappedKernelManager

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"


def test_server_settings_name_real_classes() -> None:
    cfg = json.loads((DEPLOY / "jupyter" / "jupyter_server_config.json").read_text())
    assert import_item(cfg["ServerApp"]["kernel_manager_class"]) is CappedKernelManager
    assert cfg["CappedKernelManager"]["max_kernels"] > 0
    assert cfg["MappingKernelManager"]["cull_idle_timeout"] > 0
    assert cfg["VoilaConfiguration"]["strip_sources"] is True


def _values() -> dict[str, Any]:
    values: dict[str, Any] = yaml.safe_load((DEPLOY / "z2jh" / "values.yaml").read_text())
    return values


def _container(values: dict[str, Any], command: str) -> dict[str, Any]:
    """The hub pod's extra container that runs ``truco-learn COMMAND``."""
    found: list[dict[str, Any]] = [c for c in values["hub"]["extraContainers"]
                                   if c["command"][:2] == ["truco-learn", command]]
    assert len(found) == 1, f"one hub container runs truco-learn {command}"
    return found[0]


def _header_secrets() -> set[str]:
    """The secrets the header comment of values.yaml tells how to create."""
    text = (DEPLOY / "z2jh" / "values.yaml").read_text()
    return set(re.findall(r"^#\s+kubectl -n \S+ create secret generic (\S+)", text, re.M))


def _quoted(text: str) -> list[str]:
    return re.findall(r'"([^"]*)"', text)


def test_kubernetes_values_match_the_local_hub() -> None:
    values = _values()
    hub_config = (DEPLOY / "jupyterhub_config.py").read_text()
    landing = re.search(r'LANDING = "([^"]+)"', hub_config)
    assert landing and values["singleuser"]["defaultUrl"] == landing.group(1)
    # a student's server writes through the progress service: no database URL (below)
    assert "TRUCO_LEARN_DB" not in values["singleuser"]["extraEnv"]
    tables = _container(values, "tables")
    # the tables service keeps its tables in the class's PostgreSQL, like the local hub
    tables_env = {e["name"]: e for e in tables["env"]}
    assert tables_env["TRUCO_LEARN_DB"]["valueFrom"]["secretKeyRef"]["key"] == "url"
    assert "TRUCO_LEARN_TABLES_DB" not in tables_env
    assert 'TABLES_DB = os.environ.get("TRUCO_TABLES_DB") or DB' in hub_config
    assert tables_env["JUPYTERHUB_SERVICE_PREFIX"]["value"] == "/services/tables/"
    assert values["hub"]["services"]["tables"]["url"] == "http://hub:8870"
    assert "{table}" in tables["command"][tables["command"].index("--invite-url") + 1]
    assert values["cull"]["enabled"] is True


def test_kubernetes_students_servers_hold_no_database_nor_secret() -> None:
    """As on the local hub, a student's server gets the progress service's address, never the
    database URL nor the signing secret; its kernels write through the service."""
    values = _values()
    hub_config = (DEPLOY / "jupyterhub_config.py").read_text()
    env = values["singleuser"]["extraEnv"]
    assert "TRUCO_LEARN_DB" not in env and "TRUCO_LEARN_SECRET" not in env
    assert not any("truco-learn-db" in str(v) or "truco-learn-secret" in str(v)
                   for v in env.values())
    url = urlsplit(env["TRUCO_LEARN_PROGRESS_URL"])
    # the local hub gives its servers the same path, on the same default port
    local_url = re.search(r'PROGRESS_URL = f"http://127\.0\.0\.1:\{PROGRESS_PORT\}(/[^"]*)"',
                          hub_config)
    local_port = re.search(r'"TRUCO_PROGRESS_PORT", "(\d+)"', hub_config)
    assert local_url and url.path == local_url.group(1) == "/truco/progress/"
    assert local_port and url.port == int(local_port.group(1))
    environment = re.search(r"c\.Spawner\.environment = \{(.*?)\n\}", hub_config, re.S)
    assert environment and '"TRUCO_LEARN_PROGRESS_URL": PROGRESS_URL' in environment.group(1)
    assert "TRUCO_LEARN_DB" not in environment.group(1)


def test_kubernetes_progress_service_matches_the_local_hub() -> None:
    values = _values()
    hub = values["hub"]
    hub_config = (DEPLOY / "jupyterhub_config.py").read_text()
    progress = _container(values, "progress")
    cmd = progress["command"]
    port = int(cmd[cmd.index("--port") + 1])
    assert cmd[cmd.index("--host") + 1] == "0.0.0.0"  # the proxy and user pods reach it
    assert [p["containerPort"] for p in progress["ports"]] == [port]
    port_name = progress["ports"][0]["name"]
    # the users' servers and the proxy find it where the container listens
    url = urlsplit(values["singleuser"]["extraEnv"]["TRUCO_LEARN_PROGRESS_URL"])
    assert (url.hostname, url.port) == ("hub", port)
    assert {"name": port_name, "port": port, "targetPort": port_name} in \
        hub["service"]["extraPorts"]
    assert any({"port": port} in rule["ports"] and {"podSelector": {"matchLabels": {
        "hub.jupyter.org/network-access-hub": "true"}}} in rule["from"]
        for rule in hub["networkPolicy"]["ingress"])
    # the service is registered under the name the container says, as the local hub names it
    penv = {e["name"]: e for e in progress["env"]}
    name = penv["JUPYTERHUB_SERVICE_NAME"]["value"]
    assert name == "progress" and '"name": "progress"' in hub_config
    assert urlsplit(hub["services"][name]["url"]) == urlsplit(f"http://hub:{port}")
    assert penv["JUPYTERHUB_SERVICE_PREFIX"]["value"] == f"/services/{name}/"
    assert urlsplit(penv["JUPYTERHUB_API_URL"]["value"]).path == "/hub/api"
    # the chart generates the service's token and keeps it in its "hub" secret under this key
    # (templates/hub/secret.yaml of chart 4.x), unless the values set one
    token_ref = penv["JUPYTERHUB_API_TOKEN"]["valueFrom"]["secretKeyRef"]
    assert token_ref == {"name": "hub", "key": f"hub.services.{name}.apiToken"}
    assert not {"apiToken", "api_token"} & set(hub["services"][name])
    # it holds the database and the secret, from the Kubernetes secrets
    db_ref = penv["TRUCO_LEARN_DB"]["valueFrom"]["secretKeyRef"]
    assert db_ref == {"name": "truco-learn-db", "key": "url"}
    assert penv["TRUCO_LEARN_SECRET"]["valueFrom"]["secretKeyRef"]["name"] in \
        _header_secrets()
    # every user, and every server's token, may call it: the scopes of the local hub
    scope = f"access:services!service={name}"
    local_user = re.search(r'\{"name": "user", "scopes": \[([^\]]*)\]\}', hub_config)
    assert local_user and scope in _quoted(local_user.group(1))
    assert sorted(hub["loadRoles"]["user"]["scopes"]) == sorted(_quoted(local_user.group(1)))
    local_scopes = re.search(r"c\.Spawner\.server_token_scopes = \[([^\]]*)\]", hub_config)
    assert local_scopes and scope in _quoted(local_scopes.group(1))
    assert sorted(hub["config"]["Spawner"]["server_token_scopes"]) == \
        sorted(_quoted(local_scopes.group(1)))


def test_kubernetes_teachers_servers_alone_get_the_database() -> None:
    """The hub's pre_spawn_hook (hub.extraConfig) gives the database and the secret, which the
    hub pod reads from the Kubernetes secrets, to the admins' servers and to no one else."""
    hub = _values()["hub"]
    refs = {k: v["valueFrom"]["secretKeyRef"] for k, v in hub["extraEnv"].items()}
    assert refs["TRUCO_LEARN_DB"] == {"name": "truco-learn-db", "key": "url"}
    assert refs["TRUCO_LEARN_SECRET"]["name"] in _header_secrets()
    progress_env = {e["name"]: e for e in _container(_values(), "progress")["env"]}
    assert refs["TRUCO_LEARN_SECRET"] == \
        progress_env["TRUCO_LEARN_SECRET"]["valueFrom"]["secretKeyRef"]
    hub_env = {"TRUCO_LEARN_DB": "postgresql://truco:pw@db/truco", "TRUCO_LEARN_SECRET": "s3"}
    c = SimpleNamespace(Spawner=SimpleNamespace())
    with patch.dict(os.environ, hub_env):
        for snippet in hub["extraConfig"].values():
            exec(compile(snippet, "hub.extraConfig", "exec"), {"c": c})
    hook = c.Spawner.pre_spawn_hook
    base = {"TRUCO_LEARN_PROGRESS_URL": "http://hub:8871/truco/progress/"}
    for admin, expected in ((True, {**base, **hub_env}), (False, base)):
        spawner = SimpleNamespace(user=SimpleNamespace(name="x", admin=admin),
                                  environment=dict(base))
        hook(spawner)
        assert spawner.environment == expected, admin


def test_image_recipe_builds_from_binder() -> None:
    import jupyterhub

    recipe = (DEPLOY / "Dockerfile").read_text()
    runtime = (ROOT / "binder" / "runtime.txt").read_text().strip()  # python-3.11
    assert f"FROM python:{runtime.split('-')[1]}" in recipe
    assert "binder/requirements.txt" in recipe and "./binder/postBuild" in recipe
    assert "deploy/jupyter/jupyter_server_config.json /etc/jupyter/" in recipe
    hub_version = re.search(r'"jupyterhub==([\d.]+)"', recipe)
    assert hub_version and hub_version.group(1) == jupyterhub.__version__


def test_a_page_waits_for_its_outputs_under_load() -> None:
    """Voilà drops a cell's outputs (the page then never shows its widgets) when they come later
    than ``VoilaExecutor.iopub_timeout`` after the cell ran: 4 s by default, which a loaded
    server missed for 26 of 30 learners. Both server settings wait longer, on a real setting."""
    from voila.execute import VoilaExecutor

    trait = VoilaExecutor.class_traits()["iopub_timeout"]
    assert trait.metadata.get("config") is True
    for path in (ROOT / "voila.json", DEPLOY / "jupyter" / "jupyter_server_config.json"):
        cfg = json.loads(path.read_text())
        assert cfg["VoilaExecutor"]["iopub_timeout"] >= 30, path

"""The deployment files agree with each other and with the code: the server settings name a
kernel manager that exists, the Kubernetes values land on the same page as the local hub, and
the image recipe starts from binder/ and carries the server settings."""

from __future__ import annotations

import json
import re
from pathlib import Path

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


def test_kubernetes_values_match_the_local_hub() -> None:
    values = yaml.safe_load((DEPLOY / "z2jh" / "values.yaml").read_text())
    hub_config = (DEPLOY / "jupyterhub_config.py").read_text()
    landing = re.search(r'LANDING = "([^"]+)"', hub_config)
    assert landing and values["singleuser"]["defaultUrl"] == landing.group(1)
    env = values["singleuser"]["extraEnv"]
    assert env["TRUCO_LEARN_DB"]["valueFrom"]["secretKeyRef"]["key"] == "url"
    tables = values["hub"]["extraContainers"][0]
    assert tables["command"][:2] == ["truco-learn", "tables"]
    # the tables service keeps its tables in the class's PostgreSQL, like the local hub
    tables_env = {e["name"]: e for e in tables["env"]}
    assert tables_env["TRUCO_LEARN_DB"]["valueFrom"]["secretKeyRef"]["key"] == "url"
    assert "TRUCO_LEARN_TABLES_DB" not in tables_env
    assert 'TABLES_DB = os.environ.get("TRUCO_TABLES_DB") or DB' in hub_config
    assert tables_env["JUPYTERHUB_SERVICE_PREFIX"]["value"] == "/services/tables/"
    assert values["hub"]["services"]["tables"]["url"] == "http://hub:8870"
    assert "{table}" in tables["command"][tables["command"].index("--invite-url") + 1]
    assert values["cull"]["enabled"] is True


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

"""The preheated pools in other languages (``truco_learn/serving/language_pools.py``) on a
stand-in for Voilà's kernel manager: which pools are added, how their notebooks are read and
rendered, and when the page handler may take a kernel from one. The real app is in
``tests/browser/test_pt_preheated.py``."""

from __future__ import annotations

import asyncio
import json
import threading
from pathlib import Path
from typing import Any

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook
from voila.configuration import VoilaConfiguration  # type: ignore[import-untyped]
from voila.notebook_renderer import NotebookRenderer  # type: ignore[import-untyped]

from truco_learn.serving.language_pools import (LanguagePools, pool_key, ready_pool,
                                                split_key, with_language_pools)


class _Contents:
    """Voilà's contents manager, reading notebooks under ``root``."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def get(self, path: str) -> dict[str, Any]:
        nb = nbformat.read(self.root / path, as_version=4)
        return {"type": "notebook", "content": nb, "path": path}


class _Voila:
    """What Voilà's ``VoilaKernelManager`` adds to a kernel manager, as far as the language
    pools use it."""

    def __init__(self, root: Path, config: dict[str, Any]) -> None:
        self.root_dir = str(root)
        self.kernel_pools_config = config
        self._pools: dict[str, list[Any]] = {}
        self.notebook_data: dict[str, Any] = {}
        self.filled: list[str] = []
        self.contents = _Contents(root)

    def fill_if_needed(self, delay: float | None = None, notebook_name: str | None = None,
                       **kwargs: Any) -> None:
        assert notebook_name is not None
        self.filled.append(notebook_name)
        self._pools.setdefault(notebook_name, []).append("kernel")

    def get_pool_size(self, name: str) -> int:
        return len(self._pools.get(name, []))

    def _notebook_renderer_factory(self, notebook_path: str | None = None) -> Any:
        config = VoilaConfiguration(attempt_fix_notebook=False)
        return NotebookRenderer(voila_configuration=config, notebook_path=notebook_path,
                                contents_manager=self.contents, traitlet_config=None,
                                template_paths=[], base_url="/", page_config={})


def site(tmp_path: Path) -> Path:
    nb = new_notebook(cells=[new_markdown_cell("## Lessons"), new_code_cell("x = 1")])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    for name in ("index.ipynb", "play.ipynb", "01_cards.ipynb"):
        nbformat.write(nb, tmp_path / name)
    return tmp_path


CONFIG = {"default": {"pool_size": 0}, "index.ipynb": {"pool_size": 1},
          "play.ipynb": {"pool_size": 2}, "01_cards.ipynb": {"pool_size": 0},
          "lessons/index.ipynb": {"pool_size": 1}}  # not under this root


def test_a_pool_per_language_beside_each_preheated_notebook(tmp_path: Path) -> None:
    km = _Voila(site(tmp_path), json.loads(json.dumps(CONFIG)))
    added = with_language_pools(km, ["pt_BR"])
    assert isinstance(km, LanguagePools) and isinstance(km, _Voila)
    assert added == ["index.ipynb?lang=pt_BR", "play.ipynb?lang=pt_BR"]
    assert km.filled == added  # filling started at once
    assert km.kernel_pools_config["play.ipynb?lang=pt_BR"] == {"pool_size": 2}  # as its own
    assert "01_cards.ipynb?lang=pt_BR" not in km.kernel_pools_config  # no pool of its own
    assert not any("lessons/" in k and "lang" in k for k in km.kernel_pools_config)
    # twice: the same class, no pool added twice
    cls = type(km)
    assert with_language_pools(km, ["pt_BR"]) == added and type(km) is cls
    assert len(km.kernel_pools_config) == len(CONFIG) + 2


def test_nothing_without_voilas_pools() -> None:
    class Plain:  # Voilà without preheating, or as a server extension
        pass
    plain = Plain()
    assert with_language_pools(plain, ["pt_BR"]) == [] and type(plain) is Plain


def _initialize(renderer: Any) -> None:
    # Voilà's renderer is async; run it on a loop of its own thread (never the test's)
    errors: list[BaseException] = []

    def run() -> None:
        try:
            asyncio.run(renderer.initialize())
        except BaseException as e:  # noqa: BLE001 - handed to the test
            errors.append(e)
    t = threading.Thread(target=run)
    t.start()
    t.join()
    if errors:
        raise errors[0]


def test_a_language_pool_renders_the_notebook_translated_with_its_language_cell(
        tmp_path: Path) -> None:
    km = _Voila(site(tmp_path), dict(CONFIG))
    with_language_pools(km, ["pt_BR"])
    renderer = km._notebook_renderer_factory(pool_key("index.ipynb", "pt_BR"))
    _initialize(renderer)
    cells = renderer.notebook.cells
    assert "_truco_learn_set_language('pt-BR')" in cells[0].source
    assert cells[1].source == "## Lições" and cells[2].source == "x = 1"
    assert renderer.cwd == ""  # the notebook's own directory
    english = km._notebook_renderer_factory("index.ipynb")
    _initialize(english)
    assert [c.source for c in english.notebook.cells] == ["## Lessons", "x = 1"]


def test_the_handler_takes_a_language_pool_only_when_a_kernel_waits_rendered_alike(
        tmp_path: Path) -> None:
    km = _Voila(site(tmp_path), dict(CONFIG))
    with_language_pools(km, ["pt_BR"])
    key = pool_key("index.ipynb", "pt_BR")
    assert ready_pool(km, "index.ipynb", "pt_BR") is None  # no rendered notebook yet
    km.notebook_data[key] = {"template": "lab", "theme": "light"}
    assert ready_pool(km, "index.ipynb", "pt_BR") == key
    assert ready_pool(km, "index.ipynb", "pt_BR", template="lab", theme="light") == key
    assert ready_pool(km, "index.ipynb", "pt_BR", template="reveal") is None
    assert ready_pool(km, "index.ipynb", "pt_BR", theme="dark") is None
    km._pools[key].clear()  # taken by the visitor before
    assert ready_pool(km, "index.ipynb", "pt_BR") is None
    assert ready_pool(km, "01_cards.ipynb", "pt_BR") is None  # never preheated
    assert ready_pool(object(), "index.ipynb", "pt_BR") is None  # a server extension


def test_pool_names_round_trip() -> None:
    for path in ("index.ipynb", "lessons/play.ipynb", "a b/ç.ipynb"):
        for lang in ("pt_BR", "en"):
            assert split_key(pool_key(path, lang)) == (path, lang)
        assert split_key(path) == (path, None)
    assert split_key("x.ipynb?lang=") == ("x.ipynb?lang=", None)

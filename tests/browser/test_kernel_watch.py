"""A page whose kernel died or was stopped says so and offers to reload; after the reload the
learner types the same name and the answers given before are still there (they are in the
store). Killed with SIGKILL (a crash: the server restarts a fresh kernel that knows nothing of
the page) and shut down through the server's API (what idle culling does)."""

from __future__ import annotations

import os
import signal
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any, Callable

import psutil
import pytest

from truco_learn.classroom import Assignment

ROOT = Path(__file__).resolve().parents[2]
ASSIGNMENT = Assignment("Crash week", (2,), questions=3, pass_pct=50, seed=77)


def kernel_id(page: Any) -> str:
    return str(page.evaluate(
        "JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"))


def kernel_process(server: Any, kid: str) -> psutil.Process:
    for proc in psutil.Process(server.proc.pid).children(recursive=True):
        try:
            if any(kid in part for part in proc.cmdline()):
                return proc
        except psutil.NoSuchProcess:
            continue
    raise AssertionError(f"no kernel process for {kid}")


def kernel_known(server: Any, kid: str) -> bool:
    try:
        with urllib.request.urlopen(f"{server.url}/api/kernels/{kid}", timeout=30):
            return True
    except urllib.error.HTTPError as exc:
        assert exc.code == 404
        return False


def open_and_start(page: Any, url: str) -> None:
    page.goto(f"{url}/voila/render/assignment.ipynb?code={ASSIGNMENT.code()}")
    page.wait_for_selector("input[placeholder='your name']", timeout=120_000)
    page.fill("input[placeholder='your name']", "Ana")
    page.click("button:has-text('Start')")
    page.wait_for_selector(".tl-quiz-prompt", timeout=60_000)


@pytest.mark.browser
def test_a_dead_or_culled_kernel_says_so_and_reload_keeps_the_progress(
        start_voila: Callable[..., Any], page: Any, tmp_path: Path,
        artifacts_dir: Path) -> None:
    server = start_voila(ROOT / "lessons", env={
        "TRUCO_LEARN_DB": str(tmp_path / "progress.sqlite3"),
        "TRUCO_LEARN_WATCH_SILENCE_S": "8"})
    open_and_start(page, server.url)
    (_lesson, items), = ASSIGNMENT.quizzes()
    page.click(f".tl-quiz button:text-is('{items[0].answer}')")
    page.wait_for_selector(".tl-quiz [role=status]")
    assert page.locator(".tl-kernel-gone").count() == 0  # a live kernel: no message

    os.kill(kernel_process(server, kernel_id(page)).pid, signal.SIGKILL)  # a crash
    page.wait_for_selector(".tl-kernel-gone", timeout=60_000)
    banner = page.inner_text(".tl-kernel-gone")
    assert "stopped on the server" in banner and "Your answers are saved" in banner
    page.screenshot(path=str(artifacts_dir / "kernel-gone.png"))

    page.click("button.tl-kernel-reload")
    open_and_start(page, server.url)  # the same name after the reload
    page.wait_for_function("() => document.querySelector('.tl-assignment-lessons')"
                           ".innerText.includes('1 of 3 answered, 1 right')", polling=100)
    assert page.locator(".tl-kernel-gone").count() == 0

    # leaving the page (here: for a lesson) shuts its kernel down at once
    left = kernel_id(page)
    assert kernel_known(server, left)
    page.goto(f"{server.url}/voila/render/01_cards.ipynb")
    page.get_by_text("Step 1 of", exact=False).wait_for(timeout=120_000)
    deadline = time.monotonic() + 30
    while kernel_known(server, left) and time.monotonic() < deadline:
        time.sleep(0.5)
    assert not kernel_known(server, left)



@pytest.mark.browser
def test_an_idle_kernel_is_culled_and_the_page_says_so(start_voila: Callable[..., Any],
                                                       page: Any, tmp_path: Path) -> None:
    server = start_voila(ROOT / "lessons", extra=[
        "--MappingKernelManager.cull_idle_timeout=6", "--MappingKernelManager.cull_interval=2",
        "--MappingKernelManager.cull_connected=True"], env={
        "TRUCO_LEARN_DB": str(tmp_path / "progress.sqlite3"),
        "TRUCO_LEARN_WATCH_ACTIVE_S": "2"})
    open_and_start(page, server.url)
    kid = kernel_id(page)
    # the learner walks away: no input, so the page stops pinging and the kernel goes idle
    page.wait_for_selector(".tl-kernel-gone", timeout=90_000)
    assert "Your answers are saved" in page.inner_text(".tl-kernel-gone")
    try:
        urllib.request.urlopen(f"{server.url}/api/kernels/{kid}", timeout=30)
        pytest.fail("the kernel is still there")
    except urllib.error.HTTPError as exc:
        assert exc.code == 404  # culled by the server, not by the page
    assert f"({kid}) with 1 connections due to" in server.log.read_text()  # the culler's line


@pytest.mark.browser
def test_a_full_server_says_so_in_the_page(start_voila: Callable[..., Any], browser: Any,
                                           tmp_path: Path) -> None:
    # no preheated pools here, so every kernel is a page's: two pages fill the server
    server = start_voila(ROOT / "lessons", extra=[
        "--VoilaConfiguration.preheat_kernel=False", "--CappedKernelManager.max_kernels=1"],
        env={"TRUCO_LEARN_DB": str(tmp_path / "progress.sqlite3")})
    first = browser.new_page()
    second = browser.new_page()
    try:
        first.goto(f"{server.url}/voila/render/01_cards.ipynb")
        first.get_by_text("Step 1 of", exact=False).wait_for(timeout=120_000)
        second.goto(f"{server.url}/voila/render/02_vira_and_manilhas.ipynb")
        second.get_by_text("This server is full", exact=False).wait_for(timeout=60_000)
        text = second.inner_text("body")
        assert "Try again in a few minutes" in text and "Traceback" not in text
        assert first.locator(".tl-kernel-gone").count() == 0  # the running page goes on
        first.get_by_role("button", name="Next ▶", exact=True).click()
        first.get_by_text("Step 2 of", exact=False).wait_for(timeout=30_000)
    finally:
        first.close()
        second.close()

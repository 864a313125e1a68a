"""The kernel cap: past ``max_kernels`` a new kernel is refused with HTTP 503 and a sentence
saying why; the kernels already running go on, and a slot freed is usable again."""

from __future__ import annotations

import asyncio
import threading

import pytest
from tornado import web

from truco_learn.serving.kernels import CappedKernelManager, full_message


def test_the_cap_refuses_a_new_kernel_and_frees_a_slot_on_shutdown() -> None:
    async def scenario() -> None:
        km = CappedKernelManager(max_kernels=1)
        first = await km.start_kernel()
        try:
            with pytest.raises(web.HTTPError) as info:
                await km.start_kernel()
            assert info.value.status_code == 503
            assert info.value.log_message == full_message(1)
            assert km.list_kernel_ids() == [first]  # the running one is untouched
        finally:
            await km.shutdown_kernel(first, now=True)
        second = await km.start_kernel()  # the slot is free again
        await km.shutdown_kernel(second, now=True)

    # in a thread of its own: an earlier test may leave an event loop running in this one
    errors: list[BaseException] = []

    def run() -> None:
        try:
            asyncio.run(scenario())
        except BaseException as exc:  # re-raised below, in the test's thread
            errors.append(exc)

    worker = threading.Thread(target=run)
    worker.start()
    worker.join(timeout=300)
    assert not worker.is_alive(), "the kernels did not start or stop within 300 s"
    if errors:
        raise errors[0]


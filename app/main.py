"""Main-thread entry point, run by PyScript (the tag is `async`)."""

from pyscript import document, window, workers

import senet


async def main():
    root = document.documentElement
    status = document.getElementById("status")
    expert = await workers["expert"]  # the background worker running the engine
    root.dataset.worker = await expert.ping()
    root.dataset.variants = ",".join(senet.VARIANTS)
    root.dataset.ready = "true"
    root.classList.remove("loading")
    status.textContent = "Ready."
    window.performance.mark("senet:ready")


await main()  # noqa: F704 (PyScript runs this with top-level await)

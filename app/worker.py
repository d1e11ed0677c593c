"""Background worker ("expert"): runs the engine off the main thread.

Functions listed in __export__ are callable from the page with
`await (await workers["expert"]).name(...)`. Pass plain strings across.
"""

import senet


def ping():
    """Prove the worker is up and can import the engine."""
    return ",".join(senet.VARIANTS)


__export__ = ["ping"]

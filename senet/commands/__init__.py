"""The command-line tools, CPython only and not on the page (tools/build.py leaves this
subpackage out of page.pack):

    python -m senet moves|play|verify|review|exact ...  senet/commands/cli.py (senet/__main__.py)
    python -m senet.commands.arena ...             opponents playing each other
    python -m senet.commands.bench                 the engine's speed (make bench)
    python -m senet.commands.ai_bench ...          the Expert's speed
    python -m senet.commands.yardstick ...         each level against exact play (the endgame tables)

They sit on top of the engine and the opponents (senet.ai), as the app does.
"""

"""A game between two devices (docs/online.md), free of the DOM and of WebRTC.

- ``messages``: the text of the messages the two pages exchange, parsed strictly;
- ``duel``: the protocol's state machine, one per page: it checks every message (size,
  format, order, whose turn, the rules, the throws' contributions, the sync marks) and
  either changes the game and says what to send, or refuses in one line;
- ``invite``: the invite and the answer (the game offered, an anchor, the connection
  blob) as short URL-safe text, and back;
- ``sdp``: a lossless packing of a WebRTC session description, for the invite;
- ``corr_link``, ``corr``, ``corr_save``: a game by correspondence, a turn sent as a
  link: the link's bytes, one device's state machine, the game kept on the device;
- ``share``: any game (finished, in progress, a position) as a link, and back.

Plain Python that runs in CPython, Pyodide and MicroPython alike.
"""

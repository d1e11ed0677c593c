"""Where the pieces are, each with a name of its own, so that the view can animate them.

A place ("loc") is a square 1..30, "supply" or "off".
"""

import senet
from senet import OFF, SUPPLY


def place_of_square(square: int) -> int | str:
    """Where a move's square number points: SUPPLY -> "supply", OFF -> "off"."""
    if square == SUPPLY:
        return "supply"
    if square == OFF:
        return "off"
    return square


# The pieces lying in a tray: drawn at TRAY_SCALE of their size on a square, in a row, each
# TRAY_SPACING of its drawn size from the next at the least (a spool's waist is 0.6 of its
# box: at 0.72 two spools stand apart).
TRAY_SCALE = 0.66
TRAY_SPACING = 0.72


def tray_row(width: float, count: int, piece: float) -> tuple:
    """(scale, step) of ``count`` pieces of size ``piece`` (on a square) in a tray's row
    ``width`` long: at TRAY_SCALE, step 0.9 of a piece's drawn size, or closer to fit;
    a row that would not fit even TRAY_SPACING apart (five pieces in one of Piccione's
    four narrower trays) is drawn smaller, rather than overlapping into one ribbon."""
    if count < 2:
        return TRAY_SCALE, 0
    gaps = count - 1
    scale = min(TRAY_SCALE, width / (1 + TRAY_SPACING * gaps) / piece)
    size = piece * scale
    return round(scale, 3), min(size * 0.9, (width - size) / gaps)


def loc_order(loc: int | str) -> int:
    """Sort key along the track: supply first, then 1..30, then off."""
    return 0 if loc == "supply" else 31 if loc == "off" else int(loc)


class PieceTracker:
    """Stable identities for the pieces (``w1``, ``b3``...), so that the view can move
    the same element from square to square. The engine only knows a board string; after
    each action the pieces that left a place are matched with the places that filled."""

    __slots__ = ("loc",)

    def __init__(self, state: senet.State):
        self.loc = {}  # piece id -> place
        self.reset(state)

    def reset(self, state: senet.State) -> None:
        self.loc = {}
        for i, colour in enumerate("wb"):
            places = list(state.pieces(colour))
            places += ["supply"] * state.supply[i] + ["off"] * state.off[i]
            for n in range(state.rules.pieces):
                self.loc[f"{colour}{n + 1}"] = places[n] if n < len(places) else "off"

    def at(self, loc: int | str, colour: str | None = None) -> list:
        return [p for p, where in self.loc.items() if where == loc and (colour is None or p[0] == colour)]

    def update(self, state: senet.State, move: senet.Move | None = None, mover: str | None = None) -> None:
        """Follow the board to ``state``; ``move`` (by ``mover``) is matched first."""
        for i, colour in enumerate("wb"):
            ids = [p for p in self.loc if p[0] == colour]
            on_board = {self.loc[p]: p for p in ids if isinstance(self.loc[p], int)}
            now = set(state.pieces(colour))
            leaving = [on_board[sq] for sq in sorted(on_board) if sq not in now]
            arriving = sorted(sq for sq in now if sq not in on_board)
            # pieces leave a supply from its top: the highest-numbered (the view offers that one)
            supply = sorted((p for p in ids if self.loc[p] == "supply"), key=lambda p: int(p[1:]))
            off = [p for p in ids if self.loc[p] == "off"]
            d_supply = state.supply[i] - len(supply)
            d_off = state.off[i] - len(off)
            if d_supply < 0:
                leaving += supply[d_supply:]
            elif d_supply > 0:
                arriving += ["supply"] * d_supply
            if d_off < 0:  # pieces never come back from off, except by undo
                self.reset(state)
                return
            arriving += ["off"] * d_off
            if len(leaving) != len(arriving):
                self.reset(state)
                return
            if move is not None and mover == colour and not move.is_special:
                src, dst = place_of_square(move.src), place_of_square(move.dst)
                pid = next((p for p in reversed(leaving) if self.loc[p] == src), None)
                if pid is not None and dst in arriving:
                    self.loc[pid] = dst
                    leaving.remove(pid)
                    arriving.remove(dst)
            # pair the rest by distance along the track (falls, swaps, returns to supply)
            for pid in leaving:
                start = loc_order(self.loc[pid])
                best = min(arriving, key=lambda loc: (abs(loc_order(loc) - start), loc_order(loc)))
                self.loc[pid] = best
                arriving.remove(best)

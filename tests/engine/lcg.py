"""The tests' small generator of choices: Knuth's MMIX linear congruential generator,
whole-number arithmetic, so that CPython and MicroPython make the same choices
(tests/engine/mpy_driver.py, online_play.py, corr_play.py). No pytest here."""


class Lcg:
    """Knuth's MMIX generator: the same choices in every interpreter."""

    def __init__(self, seed):
        self.x = seed & 0xFFFFFFFFFFFFFFFF

    def below(self, n):
        self.x = (self.x * 6364136223846793005 + 1442695040888963407) & 0xFFFFFFFFFFFFFFFF
        return (self.x >> 33) % n

    def secret(self):
        return bytes(self.below(256) for _ in range(16))

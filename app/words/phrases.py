"""A random phrase offered for the committed throws (docs/fair-throws.md): three short
words, which the player may keep or change in the New game dialog, or in the Fair
throws box before the first throw.

The words are data, not text to translate: the phrase goes into the record and into the
commitment a fair game's throws are checked against (docs/fair-throws.md), so every
language offers the same words."""

# 64 words, so that one random byte picks one (its low 6 bits).
WORDS = (
    "amber", "anchor", "barley", "beetle", "bird", "boat", "bread", "bronze",
    "cedar", "clay", "cloud", "copper", "crane", "delta", "desert", "dune",
    "eagle", "ebony", "falcon", "feather", "fig", "flax", "flood", "garden",
    "gazelle", "gold", "granite", "harp", "heron", "honey", "ibis", "incense",
    "ivory", "jackal", "jasper", "lapis", "lily", "linen", "lion", "lotus",
    "lute", "moon", "myrrh", "oasis", "obelisk", "olive", "oryx", "palm",
    "papyrus", "pearl", "pyramid", "quartz", "reed", "river", "salt", "sand",
    "scarab", "sphinx", "star", "sun", "temple", "tiger", "wheat", "willow",
)


def random_phrase(random_bytes, words: int = 3) -> str:
    """``words`` words chosen by ``random_bytes(n)`` (n random bytes), space-separated."""
    data = bytes(random_bytes(words))
    return " ".join(WORDS[b & 63] for b in data)

"""Types of the compiled seeded generator (``_seeded.pyx``): Python's ``random.Random(text)``
in C."""

from typing import TypeVar

T = TypeVar("T")

def shuffled(key: bytes, items: tuple[T, ...]) -> tuple[T, ...]: ...
def randbelow(key: bytes, n: int, count: int = 1) -> tuple[int, ...]: ...
def getrandbits(key: bytes, k: int, count: int) -> list[int]: ...

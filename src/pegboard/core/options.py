"""Game options: each has a default and bounds, and values are checked before a game starts."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pegboard.errors import OptionError

OptionValue = bool | int | str


@dataclass(frozen=True)
class Option:
    """One table option, e.g. ``Option("score_target", 121, "…", min=1, max=1000)``."""

    name: str
    default: OptionValue
    help: str
    min: int | None = None
    max: int | None = None
    choices: tuple[str, ...] = ()
    stored: OptionValue | None = None
    """What a stored option set (a record's, a table's) made before this option existed means:
    the rule the game played then (Cribbage's ``dealer``: ``rotate``). Stored sets always list
    every option, so a missing one is an older one; a new game takes ``default``."""

    @property
    def kind(self) -> str:
        if isinstance(self.default, bool):
            return "bool"
        return "int" if isinstance(self.default, int) else "choice"

    def check_type(self, value: object) -> None:
        """OptionError unless ``value`` is of the option's own JSON type: a body sends true,
        not "yes"; 61, not "61" (text is for the command line, which :meth:`parse` reads)."""
        kind = self.kind
        right = (
            isinstance(value, bool)
            if kind == "bool"
            else isinstance(value, int) and not isinstance(value, bool)
            if kind == "int"
            else isinstance(value, str)
        )
        if not right:
            wanted = {"bool": "true or false", "int": "a whole number"}.get(kind, "text")
            raise OptionError(f"option {self.name} takes {wanted}")

    def parse(self, value: object) -> OptionValue:
        """Check one value (text from a command line is accepted too) and return it typed."""
        kind = self.kind
        if kind == "bool":
            return self._parse_bool(value)
        if kind == "int":
            return self._parse_int(value)
        text = str(value).strip().lower()
        if text not in self.choices:
            raise OptionError(
                f"option {self.name} must be one of {', '.join(self.choices)}, not {value!r}"
            )
        return text

    def _parse_bool(self, value: object) -> bool:
        if isinstance(value, bool):
            return value
        text = str(value).strip().lower()
        if text in ("true", "on", "yes", "1"):
            return True
        if text in ("false", "off", "no", "0"):
            return False
        raise OptionError(f"option {self.name} is on or off (true/false), not {value!r}")

    def _parse_int(self, value: object) -> int:
        if isinstance(value, bool):
            raise OptionError(f"option {self.name} takes a whole number, not {value!r}")
        try:
            number = int(str(value).strip()) if not isinstance(value, int) else value
        except ValueError:
            raise OptionError(f"option {self.name} takes a whole number, not {value!r}") from None
        if (self.min is not None and number < self.min) or (
            self.max is not None and number > self.max
        ):
            raise OptionError(
                f"option {self.name} must be from {self.min} to {self.max}, not {number}"
            )
        return number

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"name": self.name, "kind": self.kind, "default": self.default}
        data["help"] = self.help
        if self.min is not None:
            data["min"] = self.min
        if self.max is not None:
            data["max"] = self.max
        if self.choices:
            data["choices"] = list(self.choices)
        return data


def stored_options(options: Sequence[Option], given: Mapping[str, object]) -> dict[str, object]:
    """A stored option set, with each option it predates at the value it then meant."""
    older = {o.name: o.stored for o in options if o.stored is not None and o.name not in given}
    return {**given, **older}


def resolve_options(
    options: Sequence[Option], given: Mapping[str, object]
) -> dict[str, OptionValue]:
    """Every option with its value: the given ones checked, the rest at their defaults."""
    known = {o.name: o for o in options}
    unknown = sorted(set(given) - set(known))
    if unknown:
        allowed = ", ".join(sorted(known)) or "none"
        raise OptionError(f"unknown option {', '.join(unknown)}; this game has: {allowed}")
    return {o.name: (o.parse(given[o.name]) if o.name in given else o.default) for o in options}

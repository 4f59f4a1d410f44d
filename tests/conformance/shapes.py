"""The typed boundary held to what travels: a game's actions, events and views checked at run
time against the ``TypedDict``s its rules are typed with (``Rules[CribbageAction,
CribbageEvent, CribbageView]``, core/wire.py and the game's views.py)."""

from __future__ import annotations

import types
from collections.abc import Mapping
from functools import cache
from typing import (
    Any,
    Literal,
    NotRequired,
    TypeVar,
    Union,
    get_args,
    get_origin,
    get_type_hints,
    is_typeddict,
)

from pegboard.core.rules import Rules


def declared_actions(rules_type: type[Rules]) -> tuple[Any, ...]:
    """The action ``TypedDict``s a rules class is typed with."""
    return _declared(rules_type, 0)


def declared_events(rules_type: type[Rules]) -> tuple[Any, ...]:
    """The event ``TypedDict``s a rules class is typed with."""
    return _declared(rules_type, 1)


def declared_view(rules_type: type[Rules]) -> Any:
    """The view ``TypedDict`` a rules class is typed with."""
    (view,) = _declared(rules_type, 2)
    return view


@cache
def _declared(rules_type: type[Rules], index: int) -> tuple[Any, ...]:
    """The ``TypedDict``s of a rules class's ``index``-th type parameter: from the first
    ``Rules[...]`` (or subclass of it, like ``Count31Rules[...]``) of its bases given a type
    there, not a type variable."""
    for klass in rules_type.__mro__:
        for base in klass.__dict__.get("__orig_bases__", ()):
            origin = get_origin(base)
            if not (isinstance(origin, type) and issubclass(origin, Rules)):
                continue
            given = get_args(base)[index : index + 1]
            if not given or isinstance(given[0], TypeVar) or given[0] is Any:
                continue
            union = get_origin(given[0]) in (Union, types.UnionType)
            return get_args(given[0]) if union else given
    what = ("actions it takes", "events it writes", "view it gives")[index]
    raise AssertionError(f"{rules_type.__name__} does not say which {what}")


def fits_one_of(value: object, shapes: tuple[Any, ...]) -> bool:
    return any(_fits(value, shape) for shape in shapes)


def misfits(value: object, shape: Any, where: str = "view") -> list[str]:
    """Where ``value`` does not fit the ``TypedDict`` ``shape``: each missing, extra or
    ill-typed key by its path (empty when it fits), so a failing view says which key."""
    if not isinstance(value, dict):
        return [f"{where} is not an object"]
    required, optional, types_of = _keys(shape)
    keys = set(value)
    wrong = [f"{where} lacks {k!r}" for k in sorted(required - keys)]
    wrong += [
        f"{where} has {k!r}, not in {shape.__name__}" for k in sorted(keys - required - optional)
    ]
    for key in sorted(keys & (required | optional)):
        hint = types_of[key]
        if is_typeddict(hint):
            wrong += misfits(value[key], hint, f"{where}[{key!r}]")
        elif not _fits(value[key], hint):
            wrong.append(f"{where}[{key!r}] = {value[key]!r} is not {hint}")
    return wrong


@cache
def _keys(shape: Any) -> tuple[frozenset[str], frozenset[str], dict[str, Any]]:
    """A ``TypedDict``'s required keys, its optional ones and every key's type. Read from the
    hints (not ``__required_keys__``: Python 3.11 counts a postponed ``NotRequired`` as
    required), and a ``total=False`` base's keys (the driver's ``auto``) from
    ``__optional_keys__``, which is right for those."""
    hints = get_type_hints(shape, include_extras=True)
    wrapped = frozenset(k for k, h in hints.items() if get_origin(h) is NotRequired)
    optional = wrapped | shape.__optional_keys__
    types_of = {k: get_args(h)[0] if k in wrapped else h for k, h in hints.items()}
    return frozenset(hints) - optional, optional, types_of


def _fits(value: object, hint: Any) -> bool:
    origin = get_origin(hint)
    if origin is Literal:
        return value in get_args(hint)
    if origin in (Union, types.UnionType):
        return fits_one_of(value, get_args(hint))
    if origin is list:
        (item,) = get_args(hint)
        return isinstance(value, list) and all(_fits(v, item) for v in value)
    if origin in (dict, Mapping):
        key, item = get_args(hint)
        return isinstance(value, dict) and all(
            _fits(k, key) and _fits(v, item) for k, v in value.items()
        )
    if is_typeddict(hint):
        if not isinstance(value, dict):
            return False
        keys = set(value)
        required, optional, types_of = _keys(hint)
        if not required <= keys <= required | optional:
            return False
        return all(_fits(value[key], types_of[key]) for key in keys)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is Any:
        return True
    return isinstance(value, hint)

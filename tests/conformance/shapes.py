"""The typed boundary held to what travels: a game's actions checked at run time against the
``TypedDict`` union its rules are typed with (``Rules[CribbageAction]``, core/wire.py)."""

from __future__ import annotations

import types
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


@cache
def declared_actions(rules_type: type[Rules]) -> tuple[Any, ...]:
    """The action ``TypedDict``s a rules class is typed with: the first ``Rules[...]`` (or
    subclass of it, like ``Count31Rules[...]``) of its bases given a type, not a type variable."""
    for klass in rules_type.__mro__:
        for base in klass.__dict__.get("__orig_bases__", ()):
            origin = get_origin(base)
            if not (isinstance(origin, type) and issubclass(origin, Rules)):
                continue
            (given,) = get_args(base)
            if isinstance(given, TypeVar):
                continue
            union = get_origin(given) in (Union, types.UnionType)
            return get_args(given) if union else (given,)
    raise AssertionError(f"{rules_type.__name__} does not say which actions it takes")


def fits_one_of(value: object, shapes: tuple[Any, ...]) -> bool:
    return any(_fits(value, shape) for shape in shapes)


@cache
def _keys(shape: Any) -> tuple[frozenset[str], frozenset[str], dict[str, Any]]:
    """A ``TypedDict``'s required keys, its optional ones and every key's type. Read from the
    hints (not ``__required_keys__``: Python 3.11 counts a postponed ``NotRequired`` as
    required)."""
    hints = get_type_hints(shape, include_extras=True)
    optional = frozenset(k for k, h in hints.items() if get_origin(h) is NotRequired)
    types_of = {k: get_args(h)[0] if k in optional else h for k, h in hints.items()}
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

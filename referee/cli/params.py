"""Typer's parameter conversion, without pydantic, for the plain types referee uses.

Typer 0.29 converts every parameter through a pydantic ``TypeAdapter`` built when a
command runs, even a ``--help`` that was not given: importing pydantic and building the
adapters costs about 90 ms, more than most of referee's commands take in all. ``str``,
``int``, ``bool``, ``Path`` and ``list[str]`` (Optional or not: Typer strips that) need no
pydantic; any other type keeps Typer's own conversion.

This reaches into Typer's internals (``typer._coercion``), so pyproject.toml pins Typer's
minor version, and if the internals are not there the commands simply fall back to
Typer's conversion (slower, same results). The CLI tests exercise every conversion.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from typer.core import TyperCommand

_PLAIN = (str, int, bool, Path, list[str])
_WHOLE_NUMBER = re.compile(r"[+-]?[0-9]+")


class PlainCommand(TyperCommand):
    """A Typer command whose plain parameters are converted without pydantic."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for param in self.params:
            plain_conversion(param)

    def get_help_option(self, ctx: Any) -> Any:
        return plain_conversion(super().get_help_option(ctx))


def plain_conversion(param: Any) -> Any:
    """Give one Typer parameter of a plain type a conversion without pydantic."""
    descriptor = getattr(param, "type_descriptor", None)
    if _PlainParam is None or descriptor is None or getattr(param, "_runtime_param", False) is not None:
        return param
    if descriptor.annotation in _PLAIN and descriptor.file_annotation is None:
        param._runtime_param = _PlainParam(annotation=descriptor.annotation, parameter_info=descriptor.parameter_info)
    return param


def _plain_param_class() -> type | None:
    try:
        from typer._click.exceptions import BadParameter
        from typer._coercion import RuntimeParam
    except ImportError:  # pragma: no cover - another Typer: keep its own conversion
        return None

    @dataclass(frozen=True)
    class PlainParam(RuntimeParam):  # type: ignore[misc]
        def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
            if self.annotation is bool:
                return bool(value)
            if self.annotation is int:
                return self._integer(value, param, ctx)
            if self.annotation is Path:
                return value if isinstance(value, Path) else Path(value)
            if self.annotation == list[str]:
                return [str(item) for item in value]
            return str(value)

        def _integer(self, value: Any, param: Any, ctx: Any) -> int:
            text = str(value).strip()
            if isinstance(value, int):
                number = value
            elif _WHOLE_NUMBER.fullmatch(text) and len(text) <= 18:
                number = int(text)
            else:  # not 1_000, not other scripts' digits, not absurdly long
                raise BadParameter(f"{value!r} is not a whole number (digits 0–9, at most 18).", ctx=ctx, param=param)
            low, high = self.parameter_info.min, self.parameter_info.max
            if (low is not None and number < low) or (high is not None and number > high):
                if high is None:
                    problem = f"must be {low} or more"
                elif low is None:
                    problem = f"must be at most {high}"
                else:
                    problem = f"is not in the range {low} to {high}"
                raise BadParameter(f"{number} {problem}.", ctx=ctx, param=param)
            return number

    return PlainParam


_PlainParam = _plain_param_class()

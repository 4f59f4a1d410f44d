"""Bad input becomes one line on stderr and exit status 2, never a traceback."""

from __future__ import annotations

from typing import Any

import typer
from typer.core import TyperGroup

from pegboard.errors import PegboardError

BAD_INPUT = 2


def one_line(error: BaseException) -> str:
    """The error's message on a single line."""
    if isinstance(error, OSError) and error.strerror:
        where = f"cannot open {error.filename}: " if error.filename is not None else ""
        text = where + error.strerror
    else:
        text = str(error) or type(error).__name__
    return " ".join(text.split())


def fail(message: str) -> typer.Exit:
    """Print ``error: message`` on stderr; return the exit to raise."""
    typer.echo(f"error: {' '.join(message.split())}", err=True)
    return typer.Exit(BAD_INPUT)


class PegboardGroup(TyperGroup):
    """The command group: every command's bad-input errors and usage errors end the same way."""

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except BrokenPipeError:  # output piped into `head`: Typer exits quietly
            raise
        except (PegboardError, ValueError, OSError) as error:
            raise fail(one_line(error)) from None
        except typer.TyperException as error:  # usage errors: missing argument, bad --players…
            if getattr(error, "exit_code", 1) != BAD_INPUT:
                raise
            where = getattr(getattr(error, "ctx", None), "command_path", None)
            hint = f" (see {where} --help)" if where else ""
            raise fail(error.format_message() + hint) from None

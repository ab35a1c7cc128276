"""Round 103 (session 38, public): FALSE shapes of the first pass, each beside the control that
must stay reported -- click-extra's configuration keys in backquotes (``_default_subcommands``,
the string a ``DEFAULT_SUBCOMMANDS_KEY`` constant holds), botbuilder-core's "A task that
represents the work queued to execute" under ``:returns:`` of an ``async def`` (the C# SDK's
``Task`` idiom), and zenml's "List of all registered models ..." titling a click ``list``
command that returns nothing."""

from __future__ import annotations

from pathlib import Path

from docref.checks.static.names import c1_name_unresolved

from tests.static_helpers import default_findings, project_input

_SCHEMA = "DEFAULT_SUBCOMMANDS_KEY{annotation} = {value}\n"

_SUBCOMMANDS = '''
from .schema import DEFAULT_SUBCOMMANDS_KEY


def _dedupe_subcommands(raw, key):
    return list(dict.fromkeys(raw))


def resolve_default_subcommands(ctx, group):
    """Read and validate `_default_subcommands` from the loaded configuration."""
    raw = ctx.lookup(DEFAULT_SUBCOMMANDS_KEY)
    return _dedupe_subcommands(raw, DEFAULT_SUBCOMMANDS_KEY)
'''


def _stale(tmp_path: Path, schema: str) -> list[str]:
    files = {"pkg/__init__.py": "", "pkg/schema.py": schema, "pkg/subcommands.py": _SUBCOMMANDS}
    inp = project_input(tmp_path, files, "pkg/subcommands.py", "resolve_default_subcommands")
    return [f.message.split("`")[1] for f in c1_name_unresolved(inp) if f.rule.startswith("C1-")]


def test_a_key_an_imported_constant_holds_is_no_old_name(tmp_path: Path) -> None:
    schema = _SCHEMA.format(annotation="", value='"_default_subcommands"')
    assert _stale(tmp_path, schema) == []


def test_a_key_held_by_an_annotated_constant(tmp_path: Path) -> None:
    schema = _SCHEMA.format(annotation=": Final[str]", value="'_default_subcommands'  # key")
    assert _stale(tmp_path, schema) == []


def test_a_name_no_constant_holds_stays_reported(tmp_path: Path) -> None:
    # the constant holds another key; a lower-case variable holding the name is no constant
    other = _SCHEMA.format(annotation="", value='"default"')
    assert _stale(tmp_path, other) == ["_default_subcommands"]
    local = other + 'fallback_key = "_default_subcommands"\n'
    assert _stale(tmp_path, local) == ["_default_subcommands"]


_HANDLER = '''
class Handler:
    {prefix}def on_turn(self, context):
        """Handle a turn.

        :param context: The context object for this turn.
        :returns: {returns}
        """
        {call}context.send("hi")
'''


def _returns_flagged(tmp_path: Path, prefix: str, returns: str) -> list[str]:
    call = "await " if prefix else ""
    code = _HANDLER.format(prefix=prefix, returns=returns, call=call)
    return [f.rule for f in default_findings(tmp_path, code) if f.rule == "C3-RETURNS-YIELDS"]


_TASK = "A task that represents the work queued to execute"


def test_the_task_an_async_call_gives_is_no_return_value(tmp_path: Path) -> None:
    assert _returns_flagged(tmp_path, "async ", _TASK) == []


def test_a_task_said_of_a_plain_function_or_a_task_object_stays_reported(tmp_path: Path) -> None:
    # a synchronous method gives no task; "A task object for ..." names a value like any noun
    assert _returns_flagged(tmp_path, "", _TASK) == ["C3-RETURNS-YIELDS"]
    assert _returns_flagged(tmp_path, "async ", "A task object for the job") == [
        "C3-RETURNS-YIELDS"
    ]


_COMMAND = '''
import click


@click.group()
def models():
    """Commands for models."""


{decorator}
@click.option("--metadata", "-m", multiple=True)
def list_registered_models(metadata) -> None:
    """List of all registered models within the model registry.

    Args:
        metadata: Filter models by metadata.
    """
    for model in find_models(metadata):
        click.echo(model)


def find_models(metadata):
    return [metadata]
'''


def _prose_returns(tmp_path: Path, decorator: str) -> list[str]:
    found = default_findings(tmp_path, _COMMAND.format(decorator=decorator))
    return [f.qualname for f in found if f.rule == "C2-PROSE-RETURN-TYPE"]


def test_a_cli_command_title_is_no_return_claim(tmp_path: Path) -> None:
    assert _prose_returns(tmp_path, '@models.command("list", help="List models.")') == []
    assert _prose_returns(tmp_path, "@click.command()") == []


def test_the_same_summary_without_a_command_decorator_stays_reported(tmp_path: Path) -> None:
    # an option alone registers no command: a function -> None claiming a list
    assert _prose_returns(tmp_path, "@click.pass_obj") == ["list_registered_models"]

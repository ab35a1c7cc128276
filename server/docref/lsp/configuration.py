"""The client's own settings: ``workspace/configuration`` (section ``docref``), per folder.

They are laid over the folder's ``base`` settings (pyproject and ``initializationOptions``).
A bad value is reported and changes nothing: the folder keeps the settings it had.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path

from docref.config.settings import ConfigError
from docref.lsp.folders import Folder, overlay

__all__ = ["SECTION", "apply_client_settings", "pull_settings", "supports_pull"]

SECTION = "docref"


def supports_pull(capabilities: types.ClientCapabilities) -> bool:
    """Whether the client answers ``workspace/configuration`` requests."""
    workspace = capabilities.workspace
    return bool(workspace is not None and workspace.configuration)


async def pull_settings(server: LanguageServer, folders: Sequence[Folder]) -> list[object]:
    """The client's ``docref`` section for each of ``folders``, in order (``None``: unset)."""
    items = [
        types.ConfigurationItem(scope_uri=from_fs_path(folder.root), section=SECTION)
        for folder in folders
    ]
    answer = await server.workspace_configuration_async(types.ConfigurationParams(items=items))
    values = list(answer or [])
    # a client answering fewer items than asked leaves the rest unset, never misassigned
    return values[: len(folders)] + [None] * (len(folders) - len(values))


def apply_client_settings(folder: Folder, given: object) -> str | None:
    """Lay ``given`` (the client's ``docref`` section) over ``folder.base``.

    Returns a warning for the user when ``given`` is unusable; the folder's settings are
    then left as they were.  ``None`` (nothing set in the client) means the base settings.
    """
    source = f"workspace/configuration [{SECTION}] for {folder.root}"
    if given is None:
        folder.settings, folder.client = folder.base, None
        return None
    if not isinstance(given, Mapping):
        kind = type(given).__name__
        return (
            f"{source}: expected an object of docref settings, got {kind}; previous settings kept"
        )
    try:
        folder.settings = overlay(folder.base, given, source)
    except ConfigError as exc:
        return f"{exc}; previous settings kept"
    folder.client = given
    return None

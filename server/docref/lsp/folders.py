"""One workspace folder as the language server sees it: its project graph and its settings.

Settings are the folder's ``[tool.docref]`` with the client's ``initializationOptions`` laid
over them, key by key, and the client's ``workspace/configuration`` (section ``docref``) over
those.  A bad value never stops the server: it yields a warning for the user and the settings
without that source, down to the defaults.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from docref.config.settings import ConfigError, Settings, load_settings
from docref.graph.project import ProjectGraph

__all__ = ["Folder", "folder_settings", "open_folder", "overlay", "reload_settings"]

_SETTING_NAMES = frozenset(f.name for f in fields(Settings))


@dataclass(slots=True)
class Folder:
    """A folder's graph, its settings and the turn every use of the graph waits for.

    The graph is not thread-safe and is used from worker threads (indexing, checks), so each
    use holds ``turn``.  An asyncio lock serves waiters first come, first served: graph work
    happens in the order the editor's notifications arrived, so an older buffer can never
    overwrite a newer one, nor a closed document's buffer outlive its close.

    ``base`` are the settings before the client's ``workspace/configuration`` (pyproject and
    ``initializationOptions``): a key the client stops sending falls back to them; ``client``
    is the client's last accepted ``docref`` section (``None``: unset), laid over ``base``
    again when ``pyproject.toml`` is reloaded.  ``reload_warning`` is the last problem told
    about a reloaded ``pyproject.toml`` (told once, until the file is valid again).
    ``indexing`` and ``checking`` (checks in flight) drive the ``docref/status`` notifications;
    ``served_cached`` counts the documents whose first diagnostics came from the results cache.
    """

    root: str
    graph: ProjectGraph
    settings: Settings
    base: Settings
    turn: asyncio.Lock = field(default_factory=asyncio.Lock)
    client: object = None
    reload_warning: str | None = None
    indexing: bool = False
    checking: int = 0
    served_cached: int = 0


def folder_settings(root: str, options: object) -> tuple[Settings, list[str]]:
    """The settings of the folder ``root`` and the warnings met while reading them.

    ``options`` (the client's ``initializationOptions``, ``None`` when it sent none) override
    ``[tool.docref]`` of ``root/pyproject.toml`` for the keys they name.
    """
    warnings: list[str] = []
    try:
        settings = load_settings(root)
    except ConfigError as exc:
        warnings.append(f"{exc}; using the defaults for this folder")
        settings = Settings()
    if options is None:
        return settings, warnings
    if not isinstance(options, Mapping):
        warnings.append(
            f"initializationOptions: expected an object of docref settings, "
            f"got {type(options).__name__}; ignored"
        )
        return settings, warnings
    try:
        return overlay(settings, options, "initializationOptions"), warnings
    except ConfigError as exc:
        warnings.append(f"{exc}; initializationOptions ignored")
        return settings, warnings


def overlay(settings: Settings, given: Mapping[Any, Any], source: str) -> Settings:
    """``settings`` with the keys ``given`` names replaced by their validated values.

    Raises :class:`ConfigError` (naming ``source``) when a key or value of ``given`` is bad.
    """
    validated = Settings.from_mapping(given, source)
    names = {str(key).replace("-", "_") for key in given} & _SETTING_NAMES
    changes = {name: getattr(validated, name) for name in names}
    return settings.override(**changes)


def open_folder(root: str, options: object) -> tuple[Folder, list[str]]:
    """A folder for ``root`` (not indexed yet) and the warnings about its settings."""
    settings, warnings = folder_settings(root, options)
    return Folder(root, ProjectGraph(root), settings, settings), warnings


def reload_settings(folder: Folder, options: object) -> str | None:
    """Read ``folder``'s ``pyproject.toml`` again (it changed on disk) and lay the client's
    options over it as at the start.

    Returns a warning when the file's settings are unusable; the folder then keeps the
    settings it had (a half-typed edit must not switch every rule back to its default).
    """
    try:
        base = load_settings(folder.root)
    except ConfigError as exc:
        return f"{exc}; previous settings kept"
    if isinstance(options, Mapping):
        # a bad value here was reported at the start already: left out again, silently
        with contextlib.suppress(ConfigError):
            base = overlay(base, options, "initializationOptions")
    settings = base
    if isinstance(folder.client, Mapping):
        try:
            settings = overlay(base, folder.client, "workspace/configuration")
        except ConfigError as exc:  # valid over the old base, not over the new one
            return f"{exc}; previous settings kept"
    folder.base, folder.settings = base, settings
    return None

"""Settings: ``[tool.docref]`` in ``pyproject.toml``, validated; CLI flags and editor settings
override them."""

from docref.config.settings import (
    CRITERIA,
    PROFILES,
    SEVERITIES,
    ConfigError,
    Settings,
    load_settings,
)

__all__ = ["CRITERIA", "PROFILES", "SEVERITIES", "ConfigError", "Settings", "load_settings"]

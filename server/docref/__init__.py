"""docref: flags docstring sentences that are factually inconsistent with the code."""

from typing import Any

__all__ = ["__version__"]


def __getattr__(name: str) -> Any:
    # resolved on first use: importlib.metadata costs ~40 ms at start-up, which every CLI run
    # would pay for a string only --version and SARIF output need
    if name == "__version__":
        from importlib.metadata import PackageNotFoundError, version

        try:
            return version("docref")
        except PackageNotFoundError:  # a source tree that was never installed
            return "0+unknown"
    raise AttributeError(f"module 'docref' has no attribute {name!r}")

"""docref: flags docstring sentences that are factually inconsistent with the code."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("docref")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0+unknown"

__all__ = ["__version__"]

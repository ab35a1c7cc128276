"""The one place a check run is assembled (see ARCHITECTURE.md)."""

"""Terminal helpers shared by every command-line entry point (``docref``, ``python -m docref.eval``,
``python -m docref.roundtrip``): argparse value types and the progress bar."""

"""rqueue: a tiny task queue (reST/Sphinx docstrings, prose probe series s16)."""

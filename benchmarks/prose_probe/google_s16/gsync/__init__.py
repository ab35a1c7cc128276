"""gsync: a small file mirror (Google-style docstrings, prose probe series s16)."""

"""nstat: small statistics helpers (NumPy-style docstrings, prose probe series s16)."""

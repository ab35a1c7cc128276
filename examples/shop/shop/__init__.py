"""A tiny shop: prices, carts and receipts (docref's sample project)."""

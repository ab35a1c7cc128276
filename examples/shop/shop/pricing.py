"""Price rules."""

from __future__ import annotations

from decimal import Decimal

VAT_RATE = Decimal("0.20")


def with_vat(net: Decimal) -> Decimal:
    """Return ``net`` plus value-added tax at :data:`VAT_RATE`."""
    return (net * (1 + VAT_RATE)).quantize(Decimal("0.01"))


def bulk_discount(quantity: int) -> Decimal:
    """Return the discount factor for ``quantity`` items (10% from ten items)."""
    return Decimal("0.90") if quantity >= 10 else Decimal("1")

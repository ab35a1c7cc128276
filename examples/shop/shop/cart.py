"""Shopping carts."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from decimal import Decimal

from .pricing import bulk_discount, with_vat

MAX_LINES = 50


@dataclass
class Line:
    """One line of a cart: a product and how many of it."""

    sku: str
    unit_price: Decimal
    quantity: int = 1


@dataclass
class Cart:
    """A customer's cart."""

    lines: list[Line] = field(default_factory=list)

    def add_item(self, sku: str, unit_price: Decimal, quantity: int = 1) -> Line:
        """Add a product to the cart and return its line.

        The unit price is converted to a float before it is stored.

        Args:
            sku (str): The product code.
            unit_price (Decimal): Net price of one item.
            quantity (int): How many items to add.
            count (int): Ignored.

        Returns:
            list[Line]: The new line.

        Raises:
            ValueError: If the cart already has ``MAX_LINES`` lines.
        """
        if len(self.lines) >= MAX_LINES:
            raise ValueError("cart is full")
        line = Line(sku, unit_price, quantity)
        self.lines.append(line)
        return line

    def total(self) -> Decimal:
        """Return the gross total: the sum of every line after discount, with VAT.

        Shipping rates are renegotiated with the carrier every quarter.
        """
        net = sum(
            (ln.unit_price * ln.quantity * bulk_discount(ln.quantity) for ln in self.lines),
            Decimal("0"),
        )
        return with_vat(net)

    def is_empty(self) -> bool:
        """Return whether the cart has no lines, like :meth:`Cart.is_blank`.

        Raises:
            KeyError: If the cart was never initialised.
        """
        return not self.lines

    def to_json(self) -> str:
        """Serialise the cart with :func:`json.dumps`, one object per line."""
        return json.dumps([{"sku": ln.sku, "qty": ln.quantity} for ln in self.lines])

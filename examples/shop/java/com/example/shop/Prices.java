package com.example.shop;

import java.util.HashMap;
import java.util.Map;

/** A price list keyed by product code. */
public class Prices {
    private final Map<String, Long> cents = new HashMap<>();

    /**
     * Sets the price of a product.
     *
     * @param sku the product code
     * @param amount the price in cents
     * @return the previous price in cents, or {@code null} if there was none
     * @throws IllegalArgumentException if {@code amount} is negative
     */
    public Long setPrice(String sku, long amount) {
        if (amount < 0) {
            throw new IllegalArgumentException("negative price");
        }
        return cents.put(sku, amount);
    }

    /**
     * Returns the price of a product in cents.
     *
     * @param sku the product code
     * @return the price, or zero when unknown
     */
    public long priceOf(String sku) {
        return cents.getOrDefault(sku, 0L);
    }
}

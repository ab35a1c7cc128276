package com.example.shop;

import java.util.List;

/** Totals a list of product codes against a {@link Prices} list. */
public class Checkout {
    private final Prices prices;

    public Checkout(Prices prices) {
        this.prices = prices;
    }

    /**
     * Sums the prices of the given products.
     *
     * Uses {@link Prices#priceOf(String)} for every code; unknown codes count as zero.
     * The warehouse restocks every product on Mondays.
     *
     * @param skus the product codes, duplicates allowed
     * @param currency the ISO code of the currency to total in
     * @return the total in euros as a double
     * @throws java.io.IOException if the price list cannot be read
     */
    public long total(List<String> skus) {
        long sum = 0;
        for (String sku : skus) {
            sum += prices.priceOf(sku);
        }
        return sum;
    }
}

package probe;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Items and their stock (Javadoc style). */
public class Inventory {

    private final Map<String, Integer> stock = new HashMap<>();
    private int reorderLevel = 5;

    /**
     * Looks an item up.
     *
     * @param sku the item's code
     * @return its stock
     */
    private int lookupStock(String sku) {
        return stock.getOrDefault(sku, 0);
    }

    // PROBE param-name stale C1 | Adds {@code quantity} units
    /**
     * Adds {@code quantity} units of an item.
     *
     * @param sku the item's code
     * @param qty how many to add
     */
    public void add(String sku, int qty) {
        stock.merge(sku, qty, Integer::sum);
    }

    // PROBE param-name ctrl - | Removes {@code qty} units
    /**
     * Removes {@code qty} units of an item.
     *
     * @param sku the item's code
     * @param qty how many to remove
     */
    public void remove(String sku, int qty) {
        stock.merge(sku, -qty, Integer::sum);
    }

    // PROBE param-name stale C1 | <code>itemCode</code> must not be empty
    /**
     * Forgets an item. The <code>itemCode</code> must not be empty.
     *
     * @param code the item's code
     */
    public void forget(String code) {
        stock.remove(code);
    }

    // PROBE param-name ctrl - | <code>code</code> must not be empty
    /**
     * Clears an item's stock. The <code>code</code> must not be empty.
     *
     * @param code the item's code
     */
    public void clear(String code) {
        stock.put(code, 0);
    }

    // PROBE param-name stale C1 | below {@code threshold}
    /**
     * Sets the level below {@code threshold} at which an item is reordered.
     *
     * @param level the new level
     */
    public void setReorderLevel(int level) {
        this.reorderLevel = level;
    }

    // PROBE ret-ann stale C2 | Returns true if the item is in stock
    /**
     * Returns true if the item is in stock.
     *
     * @param sku the item's code
     * @return the number of units
     */
    public int inStock(String sku) {
        return lookupStock(sku);
    }

    // PROBE ret-ann ctrl - | Returns true if the item is in stock
    /**
     * Returns true if the item is in stock.
     *
     * @param sku the item's code
     * @return whether there are units
     */
    public boolean isInStock(String sku) {
        return lookupStock(sku) > 0;
    }

    // PROBE ret-ann stale C2 | @return {@code true} if the item must be reordered
    /**
     * Checks the reorder level.
     *
     * @param sku the item's code
     * @return {@code true} if the item must be reordered
     */
    public int needsReorder(String sku) {
        return reorderLevel - lookupStock(sku);
    }

    // PROBE ret-ann ctrl - | @return {@code true} if the item must be reordered
    /**
     * Checks the reorder level.
     *
     * @param sku the item's code
     * @return {@code true} if the item must be reordered
     */
    public boolean mustReorder(String sku) {
        return lookupStock(sku) < reorderLevel;
    }

    // PROBE ret-ann stale C2 | @return a String listing
    /**
     * Describes the stock.
     *
     * @return a String listing every item and its units
     */
    public Map<String, Integer> describe() {
        return new HashMap<>(stock);
    }

    // PROBE ret-ann ctrl - | @return a String listing
    /**
     * Describes the stock.
     *
     * @return a String listing every item and its units
     */
    public String describeText() {
        return stock.toString();
    }

    // PROBE ret-ann stale C2 | @return a list of the item codes
    /**
     * Codes of the items in stock.
     *
     * @return a list of the item codes
     */
    public String codes() {
        return String.join(",", stock.keySet());
    }

    // PROBE ret-ann ctrl - | @return a list of the item codes
    /**
     * Codes of the items in stock.
     *
     * @return a list of the item codes
     */
    public List<String> codeList() {
        return new ArrayList<>(stock.keySet());
    }

    // PROBE ret-ann stale C2 | @return the number of items
    /**
     * Items with no stock.
     *
     * @return the number of items that have run out
     */
    public List<String> soldOut() {
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, Integer> e : stock.entrySet()) {
            if (e.getValue() == 0) {
                out.add(e.getKey());
            }
        }
        return out;
    }

    // PROBE ret-ann ctrl - | @return the number of items
    /**
     * Items with no stock.
     *
     * @return the number of items that have run out
     */
    public int soldOutCount() {
        int n = 0;
        for (int v : stock.values()) {
            if (v == 0) {
                n++;
            }
        }
        return n;
    }

    // PROBE ret-ann stale C2 | Tells whether the inventory is empty
    /**
     * Tells whether the inventory is empty.
     *
     * @return the size of the inventory
     */
    public String emptiness() {
        return Integer.toString(stock.size());
    }

    // PROBE ret-ann ctrl - | Tells whether the inventory is empty
    /**
     * Tells whether the inventory is empty.
     *
     * @return whether it is
     */
    public boolean isEmpty() {
        return stock.isEmpty();
    }

    // PROBE trap ctrl - | @return the string form of the level
    /**
     * The reorder level, for display.
     *
     * @return the string form of the level
     */
    public String levelText() {
        return String.valueOf(reorderLevel);
    }

    // PROBE trap ctrl - | @return the map name
    /**
     * The name used for the stock map in reports.
     *
     * @return the map name, e.g. {@code "stock"}
     */
    public String mapName() {
        return "stock";
    }

    // PROBE param-type stale C2 | @param skus a list of item codes
    /**
     * Adds one unit of several items.
     *
     * @param skus a list of item codes
     */
    public void addEach(String skus) {
        for (String sku : skus.split(",")) {
            add(sku, 1);
        }
    }

    // PROBE param-type ctrl - | @param skus a list of item codes
    /**
     * Adds one unit of several items.
     *
     * @param skus a list of item codes
     */
    public void addAll(List<String> skus) {
        for (String sku : skus) {
            add(sku, 1);
        }
    }

    // PROBE param-type stale C2 | @param count the number of units
    /**
     * Sets an item's stock.
     *
     * @param sku the item's code
     * @param count the number of units
     */
    public void set(String sku, String count) {
        stock.put(sku, Integer.parseInt(count));
    }

    // PROBE param-type ctrl - | @param count the number of units
    /**
     * Sets an item's stock.
     *
     * @param sku the item's code
     * @param count the number of units
     */
    public void put(String sku, int count) {
        stock.put(sku, count);
    }

    // PROBE param-type stale C2 | @param name a string naming the item
    /**
     * Stock of an item by its index.
     *
     * @param name a string naming the item
     * @return its stock
     */
    public int stockAt(int name) {
        return new ArrayList<>(stock.values()).get(name);
    }

    // PROBE helper-name stale C1 | Delegates to {@code findStock}
    /**
     * Stock of an item. Delegates to {@code findStock}.
     *
     * @param sku the item's code
     * @return its stock
     */
    public int stockOf(String sku) {
        return lookupStock(sku);
    }

    // PROBE helper-name ctrl - | Delegates to {@code lookupStock}
    /**
     * Stock of an item, at least zero. Delegates to {@code lookupStock}.
     *
     * @param sku the item's code
     * @return its stock
     */
    public int stockAtLeastZero(String sku) {
        return Math.max(0, lookupStock(sku));
    }

    // PROBE helper-name stale C1 | the {@code reorderThreshold} field
    /**
     * Lowers the {@code reorderThreshold} field by one.
     */
    public void lowerLevel() {
        reorderLevel--;
    }

    // PROBE helper-name ctrl - | the {@code reorderLevel} field
    /**
     * Raises the {@code reorderLevel} field by one.
     */
    public void raiseLevel() {
        reorderLevel++;
    }

    // PROBE backtick stale C1 | see {@link #restockAll()}
    /**
     * Restocks one item to the reorder level; see {@link #restockAll()} for every item.
     *
     * @param sku the item's code
     */
    public void restock(String sku) {
        stock.put(sku, Math.max(lookupStock(sku), reorderLevel));
    }

    // PROBE backtick ctrl - | see {@link #restock(String)}
    /**
     * Restocks every item to the reorder level; see {@link #restock(String)} for one.
     */
    public void restockEvery() {
        for (String sku : new ArrayList<>(stock.keySet())) {
            restock(sku);
        }
    }

    // PROBE trap ctrl - | Use {@code "none"} or {@code "all"}
    /**
     * Resets stock by a mode. Use {@code "none"} or {@code "all"}; {@code null} is not allowed.
     *
     * @param mode which items to reset
     */
    public void reset(String mode) {
        if (mode.equals("all")) {
            stock.clear();
        }
    }

    // PROBE doctype stale C1 | @throws StockExeption
    /**
     * Takes one unit.
     *
     * @param sku the item's code
     * @throws StockExeption if there is none
     */
    public void take(String sku) throws StockException {
        if (lookupStock(sku) <= 0) {
            throw new StockException(sku);
        }
        remove(sku, 1);
    }

    /** Thrown when stock runs out. */
    public static class StockException extends Exception {
        /**
         * Makes one.
         *
         * @param sku the item's code
         */
        public StockException(String sku) {
            super(sku);
        }
    }
}

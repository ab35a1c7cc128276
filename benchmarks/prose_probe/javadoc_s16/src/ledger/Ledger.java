package ledger;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/** Accounts and their postings (Javadoc style, prose probe series s16). */
public class Ledger {

    /** Largest amount one posting may carry, in cents. */
    public static final long MAX_AMOUNT_CENTS = 1_000_000_00L;

    private final Map<String, Long> balances = new HashMap<>();
    private final List<Posting> journal = new ArrayList<>();
    private boolean frozen;

    private static long toCents(String amount) {
        return Math.round(Double.parseDouble(amount) * 100);
    }

    // PROBE param-name stale C1 | The <code>acct</code> is created
    /**
     * Posts an amount to an account.
     *
     * The <code>acct</code> is created on first use with a zero balance.
     *
     * @param account the account's code
     * @param cents the amount, negative for a debit
     * @return the new balance
     */
    public long post(String account, long cents) {
        if (frozen) {
            throw new IllegalStateException("ledger is frozen");
        }
        journal.add(new Posting(account, cents));
        return balances.merge(account, cents, Long::sum);
    }

    // PROBE param-name ctrl - | The <code>account</code> is created
    /**
     * Posts an amount given as text.
     *
     * The <code>account</code> is created on first use with a zero balance.
     *
     * @param account the account's code
     * @param amount the amount in currency units, e.g. "12.50"
     * @return the new balance
     */
    public long postText(String account, String amount) {
        return post(account, toCents(amount));
    }

    // PROBE param-name stale C1 | If {@code fromAccount} is unknown
    /**
     * Moves an amount between two accounts.
     *
     * If {@code fromAccount} is unknown it starts at zero and goes negative.
     *
     * @param source the account debited
     * @param target the account credited
     * @param cents the amount
     */
    public void transfer(String source, String target, long cents) {
        post(source, -cents);
        post(target, cents);
    }

    // PROBE param-name ctrl - | If {@code source} is unknown
    /**
     * Moves a whole balance between two accounts.
     *
     * If {@code source} is unknown nothing moves.
     *
     * @param source the account emptied
     * @param target the account credited
     */
    public void sweep(String source, String target) {
        long cents = balances.getOrDefault(source, 0L);
        if (cents != 0) {
            transfer(source, target, cents);
        }
    }

    // PROBE param-name stale C1 | Postings older than <i>cutoff</i>
    /**
     * Drops old postings from the journal.
     *
     * Postings older than <i>cutoff</i> are removed; balances are kept.
     *
     * @param keepLast how many of the newest postings to keep
     * @return how many were removed
     */
    public int trim(int keepLast) {
        int drop = Math.max(journal.size() - keepLast, 0);
        journal.subList(0, drop).clear();
        return drop;
    }

    // PROBE attr-name stale C1 | {@link #postings}
    /**
     * Number of postings recorded.
     *
     * Counts the entries of {@link #postings}, including reversed ones.
     *
     * @return the count
     */
    public int size() {
        return journal.size();
    }

    // PROBE attr-name ctrl - | {@link #journal}
    /**
     * Whether no posting was recorded.
     *
     * Looks at {@link #journal}, including reversed postings.
     *
     * @return true if there are none
     */
    public boolean isEmpty() {
        return journal.isEmpty();
    }

    // PROBE attr-name stale C1 | once {@code locked} is set
    /**
     * Stops further postings.
     *
     * Every later {@link #post} throws once {@code locked} is set.
     */
    public void freeze() {
        frozen = true;
    }

    // PROBE attr-name ctrl - | once {@code frozen} is set
    /**
     * Tells whether postings are refused.
     *
     * Every later {@link #post} throws once {@code frozen} is set.
     *
     * @return true when frozen
     */
    public boolean isFrozen() {
        return frozen;
    }

    // PROBE helper-name stale C1 | {@link #parseCents(String)}
    /**
     * Checks that a textual amount is within the limit.
     *
     * The text is converted with {@link #parseCents(String)} first.
     *
     * @param amount the amount in currency units
     * @return true if within {@link #MAX_AMOUNT_CENTS}
     */
    public static boolean withinLimit(String amount) {
        return Math.abs(toCents(amount)) <= MAX_AMOUNT_CENTS;
    }

    // PROBE helper-name ctrl - | {@link #toCents(String)}
    /**
     * Converts a textual amount to cents.
     *
     * The text is converted with {@link #toCents(String)}, rounding half up.
     *
     * @param amount the amount in currency units
     * @return the cents
     */
    public static long cents(String amount) {
        return toCents(amount);
    }

    // PROBE const-name stale C1 | {@link #MAX_POSTING}
    /**
     * Checks an amount in cents against the limit.
     *
     * Amounts above {@link #MAX_POSTING} are refused.
     *
     * @param cents the amount
     * @return true if allowed
     */
    public static boolean allowed(long cents) {
        return Math.abs(cents) <= MAX_AMOUNT_CENTS;
    }

    // PROBE const-name ctrl - | {@link #MAX_AMOUNT_CENTS}
    /**
     * How much room is left below the limit.
     *
     * The limit is {@link #MAX_AMOUNT_CENTS}.
     *
     * @param cents the amount
     * @return the room, never negative
     */
    public static long headroom(long cents) {
        return Math.max(MAX_AMOUNT_CENTS - Math.abs(cents), 0);
    }

    // PROBE ret-type stale C2 | @return a list of account codes
    /**
     * The accounts in use.
     *
     * @return a list of account codes, sorted
     */
    public Set<String> accounts() {
        return new TreeSet<>(balances.keySet());
    }

    // PROBE ret-type ctrl - | @return a list of account codes
    /**
     * The accounts in use, as a list.
     *
     * @return a list of account codes, sorted
     */
    public List<String> accountList() {
        return new ArrayList<>(new TreeSet<>(balances.keySet()));
    }

    // PROBE ret-type stale C2 | Returns the balance as a String
    /**
     * An account's balance.
     *
     * Returns the balance as a String with two decimals.
     *
     * @param account the account's code
     */
    public long balance(String account) {
        return balances.getOrDefault(account, 0L);
    }

    // PROBE ret-type ctrl - | Returns the balance as a String
    /**
     * An account's balance, formatted.
     *
     * Returns the balance as a String with two decimals.
     *
     * @param account the account's code
     */
    public String balanceText(String account) {
        long c = balance(account);
        return String.format("%d.%02d", c / 100, Math.abs(c % 100));
    }

    // PROBE ret-type stale C2 | @return <code>true</code> if
    /**
     * Checks the books.
     *
     * @return <code>true</code> if the balances sum to zero
     */
    public long imbalance() {
        long sum = 0;
        for (long v : balances.values()) {
            sum += v;
        }
        return sum;
    }

    // PROBE ret-type ctrl - | @return <code>true</code> if
    /**
     * Checks the books.
     *
     * @return <code>true</code> if the balances sum to zero
     */
    public boolean balanced() {
        return imbalance() == 0;
    }

    // PROBE ret-type stale C2 | @return an array of
    /**
     * The postings of one account.
     *
     * @param account the account's code
     * @return an array of the amounts, oldest first
     */
    public List<Long> history(String account) {
        List<Long> out = new ArrayList<>();
        for (Posting p : journal) {
            if (p.account().equals(account)) {
                out.add(p.cents());
            }
        }
        return out;
    }

    // PROBE ret-type ctrl - | @return an array of
    /**
     * The postings of one account, as an array.
     *
     * @param account the account's code
     * @return an array of the amounts, oldest first
     */
    public long[] historyArray(String account) {
        return history(account).stream().mapToLong(Long::longValue).toArray();
    }
}

package ledger;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reports over a {@link Ledger} (Javadoc style, prose probe series s16). */
public final class Reports {

    /** Column separator of the CSV output. */
    public static final String SEPARATOR = ";";

    private Reports() {}

    private static String formatCents(long cents) {
        return String.format("%d.%02d", cents / 100, Math.abs(cents % 100));
    }

    // PROBE param-name stale C1 | Each of the <code>accountCodes</code>
    /**
     * Balances of several accounts.
     *
     * Each of the <code>accountCodes</code> is looked up; unknown ones are zero.
     *
     * @param ledger the ledger
     * @param codes the accounts to report
     * @return balance per account, in the order given
     */
    public static Map<String, Long> balances(Ledger ledger, List<String> codes) {
        Map<String, Long> out = new LinkedHashMap<>();
        for (String code : codes) {
            out.put(code, ledger.balance(code));
        }
        return out;
    }

    // PROBE param-name ctrl - | Each of the <code>codes</code>
    /**
     * Formatted balances of several accounts.
     *
     * Each of the <code>codes</code> is looked up; unknown ones are zero.
     *
     * @param ledger the ledger
     * @param codes the accounts to report
     * @return one formatted balance per account, in the order given
     */
    public static List<String> formatted(Ledger ledger, List<String> codes) {
        List<String> out = new ArrayList<>();
        for (String code : codes) {
            out.add(formatCents(ledger.balance(code)));
        }
        return out;
    }

    // PROBE param-name stale C1 | the {@code sep}'s
    /**
     * One CSV line per account.
     *
     * Fields are joined with the {@code sep}'s value, or {@link #SEPARATOR}
     * when it is null.
     *
     * @param ledger the ledger
     * @param delimiter the separator, or null
     * @return the lines
     */
    public static List<String> csv(Ledger ledger, String delimiter) {
        String s = delimiter == null ? SEPARATOR : delimiter;
        List<String> out = new ArrayList<>();
        for (String a : ledger.accounts()) {
            out.add(a + s + formatCents(ledger.balance(a)));
        }
        return out;
    }

    // PROBE param-name ctrl - | the {@code delimiter}'s
    /**
     * The CSV header line.
     *
     * Fields are joined with the {@code delimiter}'s value, or {@link #SEPARATOR}
     * when it is null.
     *
     * @param delimiter the separator, or null
     * @return the header
     */
    public static String header(String delimiter) {
        String s = delimiter == null ? SEPARATOR : delimiter;
        return "account" + s + "balance";
    }

    // PROBE helper-name stale C1 | {@link #formatAmount(long)}
    /**
     * A balance as text.
     *
     * Uses {@link #formatAmount(long)}, so negative balances keep their sign.
     *
     * @param ledger the ledger
     * @param account the account
     * @return the text
     */
    public static String text(Ledger ledger, String account) {
        return formatCents(ledger.balance(account));
    }

    // PROBE helper-name ctrl - | {@link #formatCents(long)}
    /**
     * Balances as text.
     *
     * Uses {@link #formatCents(long)}, so negative balances keep their sign.
     *
     * @param ledger the ledger
     * @return account and text, one line each
     */
    public static String texts(Ledger ledger) {
        StringBuilder sb = new StringBuilder();
        for (String a : ledger.accounts()) {
            sb.append(a).append(' ').append(formatCents(ledger.balance(a))).append('\n');
        }
        return sb.toString();
    }

    // PROBE class-name stale C1 | {@link Book#balanced()}
    /**
     * Whether a ledger's books balance.
     *
     * Delegates to {@link Book#balanced()}.
     *
     * @param ledger the ledger
     * @return true if balanced
     */
    public static boolean ok(Ledger ledger) {
        return ledger.balanced();
    }

    // PROBE class-name ctrl - | {@link Ledger#imbalance()}
    /**
     * How far a ledger's books are off.
     *
     * Delegates to {@link Ledger#imbalance()}.
     *
     * @param ledger the ledger
     * @return the imbalance in cents
     */
    public static long offBy(Ledger ledger) {
        return ledger.imbalance();
    }

    // PROBE param-type stale C2 | @param accounts a comma-separated String
    /**
     * Opens accounts with a zero posting.
     *
     * @param ledger the ledger
     * @param accounts a comma-separated String of account codes
     * @return how many accounts were opened
     */
    public static int open(Ledger ledger, List<String> accounts) {
        for (String a : accounts) {
            ledger.post(a, 0);
        }
        return accounts.size();
    }

    // PROBE param-type ctrl - | @param accounts a comma-separated String
    /**
     * Opens accounts given as text.
     *
     * @param ledger the ledger
     * @param accounts a comma-separated String of account codes
     * @return how many accounts were opened
     */
    public static int openText(Ledger ledger, String accounts) {
        return open(ledger, List.of(accounts.split(",")));
    }

    // PROBE param-type stale C2 | @param limit the ceiling as a double
    /**
     * Accounts above a limit.
     *
     * @param ledger the ledger
     * @param limit the ceiling as a double, in currency units
     * @return the accounts over it
     */
    public static List<String> over(Ledger ledger, long limit) {
        List<String> out = new ArrayList<>();
        for (String a : ledger.accounts()) {
            if (ledger.balance(a) > limit) {
                out.add(a);
            }
        }
        return out;
    }

    // PROBE param-type ctrl - | @param limit the ceiling as a double
    /**
     * Accounts below a limit.
     *
     * @param ledger the ledger
     * @param limit the ceiling as a double, in currency units
     * @return the accounts under it
     */
    public static List<String> under(Ledger ledger, double limit) {
        List<String> out = new ArrayList<>();
        for (String a : ledger.accounts()) {
            if (ledger.balance(a) < limit * 100) {
                out.add(a);
            }
        }
        return out;
    }

    // PROBE ret-type stale C2 | Returns an int
    /**
     * Number of accounts in debit.
     *
     * Returns an int count of the accounts below zero.
     *
     * @param ledger the ledger
     */
    public static List<String> debtors(Ledger ledger) {
        List<String> out = new ArrayList<>();
        for (String a : ledger.accounts()) {
            if (ledger.balance(a) < 0) {
                out.add(a);
            }
        }
        return out;
    }

    // PROBE ret-type ctrl - | Returns an int
    /**
     * Number of accounts in debit.
     *
     * Returns an int count of the accounts below zero.
     *
     * @param ledger the ledger
     */
    public static int debtorCount(Ledger ledger) {
        return debtors(ledger).size();
    }

    // PROBE trap ctrl - | {@code getXxx}
    /**
     * Reads an account through a getter-style name.
     *
     * The name is any {@code getXxx} or {@code fooBar} form; the prefix is
     * stripped. See https://example.org/ledger/names for the convention and
     * LEDGER_HOME for where names are cached.
     *
     * @param ledger the ledger
     * @param getter the getter name
     * @return the balance
     */
    public static long byGetter(Ledger ledger, String getter) {
        String name = getter.startsWith("get") ? getter.substring(3) : getter;
        return ledger.balance(name.toLowerCase());
    }

    // PROBE trap ctrl - | ledger.post("cash", 500);
    /**
     * Example ledger for the docs.
     *
     * <pre>{@code
     * Ledger ledger = new Ledger();
     * ledger.post("cash", 500);
     * ledger.transfer("cash", "bank", 200);
     * }</pre>
     *
     * @return a small ledger
     */
    public static Ledger example() {
        Ledger ledger = new Ledger();
        ledger.post("cash", 500);
        ledger.transfer("cash", "bank", 200);
        return ledger;
    }

    // PROBE trap ctrl - | {@link Ledger#transfer(String, String, long)}'s
    /**
     * Reverses a transfer.
     *
     * The same arguments as {@link Ledger#transfer(String, String, long)}'s
     * {@code source} and {@code target}, swapped.
     *
     * @param ledger the ledger
     * @param from the account that was debited
     * @param to the account that was credited
     * @param cents the amount
     */
    public static void reverse(Ledger ledger, String from, String to, long cents) {
        ledger.transfer(to, from, cents);
    }

    // PROBE param-name stale C1 | @throws IllegalArgumentException if {@code minCents}
    /**
     * Accounts holding at least an amount.
     *
     * @param ledger the ledger
     * @param floor the amount in cents, not negative
     * @return the accounts at or above it
     * @throws IllegalArgumentException if {@code minCents} is negative
     */
    public static List<String> atLeast(Ledger ledger, long floor) {
        if (floor < 0) {
            throw new IllegalArgumentException("negative floor");
        }
        List<String> out = new ArrayList<>();
        for (String a : ledger.accounts()) {
            if (ledger.balance(a) >= floor) {
                out.add(a);
            }
        }
        return out;
    }

    // PROBE ret-type stale C2 | The method returns a Map
    /**
     * Accounts sorted by balance.
     *
     * The method returns a Map from account to balance, largest first.
     *
     * @param ledger the ledger
     */
    public static List<String> ranking(Ledger ledger) {
        List<String> out = new ArrayList<>(ledger.accounts());
        out.sort((a, b) -> Long.compare(ledger.balance(b), ledger.balance(a)));
        return out;
    }
}

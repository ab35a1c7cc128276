package ledger;

/**
 * One amount posted to one account.
 *
 * @param account the account's code
 * @param cents the amount, negative for a debit
 */
public record Posting(String account, long cents) {}

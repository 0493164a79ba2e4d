/**
 * How many requests a client may send to one provider. Clients ask before every request and
 * report the provider's own "wait" answers, so every caller sharing the budget slows down, not
 * only the one that was told. The in-process token bucket is one implementation; a budget kept
 * in the database (one row per provider, shared by every server process) can take its place
 * without the clients changing, which is why both methods are asynchronous.
 */
export interface RequestBudget {
  /** Resolves when `cost` requests (default 1) may be sent; waiters are served in order. */
  acquire(cost?: number): Promise<void>;
  /**
   * The provider asked us to wait until `untilMs` (epoch ms, from a Retry-After or an explicit
   * rate-limit answer): no request is handed out before then. A later call can only lengthen it.
   */
  pauseUntil(untilMs: number): Promise<void>;
}

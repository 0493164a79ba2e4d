/** What the exchange says its key may do; null where it does not let us tell. */
export interface KeyPermissions {
  canWithdraw: boolean | null;
  canTrade: boolean | null;
}

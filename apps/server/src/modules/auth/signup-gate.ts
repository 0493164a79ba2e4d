import type { Db } from '../../db/client.ts';

/**
 * Whether the instance takes a new account now, decided by whoever runs the instance (sign-ups
 * open, by invitation, or closed). The auth module asks; another module answers.
 */
export interface SignupGate {
  /** Before showing the sign-up form: why this visitor cannot sign up, or null when they can. */
  refusal(invitation: string | undefined): Promise<string | null>;
  /**
   * Inside the sign-up's transaction, after the first-account lock: throws a 403 when the account
   * may not be made, and takes one use of the invitation when one was needed. The first account
   * of an empty instance is always admitted (someone has to run it).
   */
  admit(tx: Db, input: { first: boolean; invitation: string | undefined }): Promise<void>;
}

/** A server with no one to decide: everyone may sign up. */
export const openSignups: SignupGate = {
  refusal: async () => null,
  admit: async () => undefined,
};

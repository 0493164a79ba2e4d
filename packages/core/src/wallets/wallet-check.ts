/**
 * Why a key or address was refused, for the server to choose a field and the tests to assert on;
 * `message` is what the person reads (from the contracts' connection messages).
 */
export type WalletProblem =
  | 'empty'
  | 'malformed'
  | 'checksum'
  | 'network'
  | 'private_key'
  | 'unsupported'
  | 'wrong_field'
  | 'script_type';

export type WalletCheck<T> = { ok: true; value: T } | { ok: false; problem: WalletProblem; message: string };

export function refused(
  problem: WalletProblem,
  message: string,
): { ok: false; problem: WalletProblem; message: string } {
  return { ok: false, problem, message };
}

/** The two chains of a BIP 44 account: addresses handed out to payers, and change back to itself. */
export type AddressChain = 'receive' | 'change';

export const addressChains: readonly AddressChain[] = ['receive', 'change'];

/** Each chain's child number under the account key (m/…/0 and m/…/1). */
export const chainNumber: Readonly<Record<AddressChain, number>> = { receive: 0, change: 1 };

/** Non-hardened child numbers: an extended public key can derive nothing above them. */
export const maxAddressIndex = 0x7fffffff;

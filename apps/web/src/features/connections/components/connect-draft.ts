import type {
  BitcoinScriptType,
  ConnectionKind,
  EvmChainName,
  ExchangeId,
  FieldErrors,
} from '@app/contracts';
import { gapLimitBounds } from '@app/contracts';

/** What the connect form holds while it is filled in; `bodyOf` turns it into the create body. */
export interface ConnectDraft {
  kind: ConnectionKind;
  /** A Bitcoin wallet's source: its extended public key, or one address. */
  source: 'key' | 'address';
  xpub: string;
  bitcoinAddress: string;
  scriptType: BitcoinScriptType;
  gapLimit: string;
  evmAddress: string;
  chains: EvmChainName[];
  exchange: ExchangeId;
  apiKey: string;
  apiSecret: string;
  passphrase: string;
  /** The owner's yes to a key that can withdraw (asked only once the server says it can). */
  allowWithdrawal: boolean;
  label: string;
  portfolioId: string;
}

export const emptyDraft = (portfolioId: string): ConnectDraft => ({
  kind: 'bitcoin',
  source: 'key',
  xpub: '',
  bitcoinAddress: '',
  scriptType: 'p2pkh',
  gapLimit: String(gapLimitBounds.default),
  evmAddress: '',
  chains: ['ethereum'],
  exchange: 'kraken',
  apiKey: '',
  apiSecret: '',
  passphrase: '',
  allowWithdrawal: false,
  label: '',
  portfolioId,
});

/**
 * Only an xpub takes a script type: a ypub or zpub names its own, and the server refuses a
 * different one, so the choice is sent for a key that starts with "xpub" alone.
 */
export const takesScriptType = (xpub: string) => /^xpub/i.test(xpub.trim());

/** A ypub or zpub: its prefix says its script type, so the form does not ask. */
export const namesItsScript = (xpub: string) => /^[yz]pub/i.test(xpub.trim());

/** The create body, unchecked: the contract's schema checks it before it is sent. */
export function bodyOf(d: ConnectDraft): Record<string, unknown> {
  const common = { kind: d.kind, portfolio_id: d.portfolioId, label: d.label };
  if (d.kind === 'evm') return { ...common, address: d.evmAddress, chains: d.chains };
  if (d.kind === 'exchange') {
    return {
      ...common,
      exchange: d.exchange,
      api_key: d.apiKey,
      api_secret: d.apiSecret,
      ...(d.passphrase.trim() !== '' ? { passphrase: d.passphrase } : {}),
      allow_withdrawal: d.allowWithdrawal,
    };
  }
  if (d.source === 'address') return { ...common, address: d.bitcoinAddress };
  return {
    ...common,
    xpub: d.xpub,
    gap_limit: d.gapLimit.trim() === '' ? Number.NaN : Number(d.gapLimit),
    ...(takesScriptType(d.xpub) ? { script_type: d.scriptType } : {}),
  };
}

/**
 * "Enter a key or an address" is reported on the key; a person who chose "one address" sees it
 * on the address field they have in front of them.
 */
export function placeErrors(d: ConnectDraft, errors: FieldErrors): FieldErrors {
  if (d.kind !== 'bitcoin' || d.source !== 'address' || !errors.xpub) return errors;
  const { xpub, ...rest } = errors;
  return { ...rest, address: [...(rest.address ?? []), ...xpub] };
}

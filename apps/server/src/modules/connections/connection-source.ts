import type { BitcoinScriptType, ConnectionCreateBody, ConnectionKind } from '@app/contracts';

/** A wallet's create body: an exchange account is checked by its own path (exchange-source.ts). */
export type WalletCreateBody = Exclude<ConnectionCreateBody, { kind: 'exchange' }>;

import { parseExtendedPublicKey, validateBitcoinAddress, validateEvmAddress } from '@app/core/wallets';
import { validationError } from '../../lib/app-error.ts';

/**
 * What a connection follows, once checked: the one value that is sealed (a key or an address in
 * the form explorers use), and what the row shows of it.
 */
export interface ConnectionSource {
  kind: ConnectionKind;
  /** An xpub/ypub/zpub as given, a Bitcoin address normalised, or an EVM address checksummed. */
  value: string;
  /** Whether `value` is an extended public key (its addresses are derived) or one address. */
  form: 'key' | 'address';
  scriptType: BitcoinScriptType | null;
  gapLimit: number | null;
  chains: string[];
}

/**
 * Checks a create body's key or address with core's validators (checksums, network, private
 * keys refused) and answers the refusal as a field error on the field the person typed in.
 */
export function checkConnectionSource(body: WalletCreateBody): ConnectionSource {
  if (body.kind === 'evm') {
    const checked = validateEvmAddress(body.address);
    if (!checked.ok) throw validationError({ address: [checked.message] });
    return {
      kind: 'evm',
      value: checked.value,
      form: 'address',
      scriptType: null,
      gapLimit: null,
      chains: [...body.chains],
    };
  }
  if (body.xpub !== undefined) {
    const key = parseExtendedPublicKey(body.xpub, body.script_type);
    if (!key.ok)
      throw validationError({ [key.problem === 'script_type' ? 'script_type' : 'xpub']: [key.message] });
    return {
      kind: 'bitcoin',
      value: body.xpub.trim(),
      form: 'key',
      scriptType: key.value.scriptType,
      gapLimit: body.gap_limit,
      chains: ['bitcoin'],
    };
  }
  const address = validateBitcoinAddress(body.address ?? '');
  if (!address.ok) throw validationError({ address: [address.message] });
  return {
    kind: 'bitcoin',
    value: address.value.address,
    form: 'address',
    scriptType: null,
    gapLimit: null,
    chains: ['bitcoin'],
  };
}

/**
 * The same wallet is the same value whatever its capitals: an EVM address is compared in lower
 * case (its checksum is only capitals), bech32 already is, and base58 and keys are case-exact.
 */
export function fingerprintInput(source: ConnectionSource): string {
  const value = source.kind === 'evm' ? source.value.toLowerCase() : source.value;
  return `${source.kind}:${source.form}:${value}`;
}

/** The key or address as sealed at creation; null when it no longer opens (SESSION_SECRET changed). */
export function openConnectionSource(
  box: { open(sealed: Uint8Array, context: string): string | null },
  row: { id: string; secret: Uint8Array },
): { value: string; form: 'key' | 'address' } | null {
  const text = box.open(row.secret, row.id);
  if (text === null) return null;
  const parsed = JSON.parse(text) as { value: string; form: 'key' | 'address' };
  return { value: parsed.value, form: parsed.form };
}

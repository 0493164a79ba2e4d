import { connectionMessages as m } from '@app/contracts';
import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check, hex } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { decodeBase58Check } from './base58check.ts';
import { validateBitcoinAddress } from './bitcoin-address.ts';
import { type BitcoinAccountKey, parseExtendedPublicKey } from './bitcoin-keys.ts';

/*
 * Every key below belongs to the mnemonic "abandon abandon abandon abandon abandon abandon abandon
 * abandon abandon abandon abandon about" with no passphrase, the one the BIPs publish vectors for.
 * Where a vector is not printed in a published document, it was derived twice, independently: with
 * @scure/bip39 + @scure/bip32 + @scure/btc-signer, and with a separate BIP 32/39 implementation
 * on Node's own crypto (PBKDF2, HMAC-SHA512, secp256k1, RIPEMD-160, hand-written base58 and
 * bech32), which reproduces BIP 84's zpub and addresses and BIP 49's upub exactly; both agreed.
 */

/** m/44'/0'/0': SLIP-0132's test vectors print this key and its first receive address. */
const xpub44 =
  'xpub6BosfCnifzxcFwrSzQiqu2DBVTshkCXacvNsWGYJVVhhawA7d4R5WSWGFNbi8Aw6ZRc1brxMyWMzG3DSSSSoekkudhUd9yLb6qx39T9nMdj';
/** m/49'/0'/0': SLIP-0132's test vectors print this key and its first receive address. */
const ypub49 =
  'ypub6Ww3ibxVfGzLrAH1PNcjyAWenMTbbAosGNB6VvmSEgytSER9azLDWCxoJwW7Ke7icmizBMXrzBx9979FfaHxHcrArf3zbeJJJUZPf663zsP';
/** m/84'/0'/0': BIP 84's test vectors (account key, receive 0 and 1, change 0). */
const zpub84 =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
/** m/86'/0'/0': BIP 86's test vectors (account xpub, receive 0 and 1, change 0, all P2TR). */
const xpub86 =
  'xpub6BgBgsespWvERF3LHQu6CnqdvfEvtMcQjYrcRzx53QJjSxarj2afYWcLteoGVky7D3UKDP9QyrLprQ3VCECoY49yfdDEHGCtMMj92pReUsQ';
/** m/49'/1'/0' on testnet: BIP 49's test vectors (its only published account key). */
const upub49 =
  'upub5EFU65HtV5TeiSHmZZm7FUffBGy8UKeqp7vw43jYbvZPpoVsgU93oac7Wk3u6moKegAEWtGNF8DehrnHtv21XXEMYRUocHqguyjknFHYfgY';

const base58check = createBase58check(sha256);

/** The same key material under other version bytes: how testnet, multisig and private prefixes are made here. */
function withVersion(key: string, version: number): string {
  const payload = Uint8Array.from(base58check.decode(key));
  payload.set([(version >>> 24) & 0xff, (version >>> 16) & 0xff, (version >>> 8) & 0xff, version & 0xff], 0);
  return base58check.encode(payload);
}

function accepted(key: string, scriptType?: Parameters<typeof parseExtendedPublicKey>[1]): BitcoinAccountKey {
  const result = parseExtendedPublicKey(key, scriptType);
  if (!result.ok) throw new Error(`refused: ${result.message}`);
  return result.value;
}

describe('account keys derive the published addresses', () => {
  it('xpub (BIP 44): P2PKH by default', () => {
    const key = accepted(xpub44);
    expect(key).toMatchObject({ prefix: 'xpub', scriptType: 'p2pkh', depth: 3 });
    expect(key.address('receive', 0)).toBe('1LqBGSKuX5yYUonjxT5qGfpUsXKYYWeabA'); // SLIP-0132
    expect(key.address('receive', 1)).toBe('1Ak8PffB2meyfYnbXZR9EGfLfFZVpzJvQP'); // derived twice
    expect(key.address('change', 0)).toBe('1J3J6EvPrv8q6AC3VCjWV45Uf3nssNMRtH'); // derived twice
    expect(key.address('change', 1)).toBe('13vKxXzHXXd8HquAYdpkJoi9ULVXUgfpS5'); // derived twice
  });

  it('ypub (BIP 49): P2SH-P2WPKH', () => {
    const key = accepted(ypub49);
    expect(key).toMatchObject({ prefix: 'ypub', scriptType: 'p2sh-p2wpkh', depth: 3 });
    expect(key.address('receive', 0)).toBe('37VucYSaXLCAsxYyAPfbSi9eh4iEcbShgf'); // SLIP-0132
    expect(key.address('receive', 1)).toBe('3LtMnn87fqUeHBUG414p9CWwnoV6E2pNKS'); // derived twice
    expect(key.address('change', 0)).toBe('34K56kSjgUCUSD8GTtuF7c9Zzwokbs6uZ7'); // derived twice
  });

  it('zpub (BIP 84): P2WPKH', () => {
    const key = accepted(zpub84);
    expect(key).toMatchObject({ prefix: 'zpub', scriptType: 'p2wpkh', depth: 3 });
    expect(key.address('receive', 0)).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    expect(key.address('receive', 1)).toBe('bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g');
    expect(key.address('change', 0)).toBe('bc1q8c6fshw2dlwun7ekn9qwf37cu2rn755upcp6el');
  });

  it('xpub told p2tr (BIP 86): taproot', () => {
    const key = accepted(xpub86, 'p2tr');
    expect(key.scriptType).toBe('p2tr');
    expect(key.address('receive', 0)).toBe('bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr');
    expect(key.address('receive', 1)).toBe('bc1p4qhjn9zdvkux4e44uhx8tc55attvtyu358kutcqkudyccelu0was9fqzwh');
    expect(key.address('change', 0)).toBe('bc1p3qkhfews2uk44qtvauqyr2ttdsw7svhkl9nkm9s9c3x4ax5h60wqwruhk7');
  });

  it('an xpub of a native segwit account, told p2wpkh, gives the zpub’s addresses', () => {
    // Wallets that export every account as an xpub: same key, xpub version bytes.
    const key = accepted(withVersion(zpub84, 0x0488b21e), 'p2wpkh');
    expect(key.address('receive', 0)).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    expect(key.address('change', 0)).toBe('bc1q8c6fshw2dlwun7ekn9qwf37cu2rn755upcp6el');
  });

  it('BIP 49’s testnet account key, read as mainnet, pays to its published script hash', () => {
    // BIP 49 prints addressBytes = HASH160(0x0014 ‖ HASH160(pubkey)) for m/49'/1'/0'/0/0.
    const key = accepted(withVersion(upub49, 0x049d7cb2));
    const decoded = decodeBase58Check(key.address('receive', 0), 21);
    if (!decoded.ok) throw new Error('derived address does not decode');
    expect(decoded.payload[0]).toBe(0x05);
    expect(hex.encode(decoded.payload.subarray(1))).toBe('336caa13e08b96080a32b5d818d59b4ab3b36742');
  });

  it('every derived address is valid by the independent address validator, of the script’s type', () => {
    const cases = [
      [accepted(xpub44), 'p2pkh'],
      [accepted(ypub49), 'p2sh'],
      [accepted(zpub84), 'p2wpkh'],
      [accepted(xpub86, 'p2tr'), 'p2tr'],
    ] as const;
    for (const [key, type] of cases) {
      for (const chain of ['receive', 'change'] as const) {
        for (let index = 0; index < 5; index += 1) {
          const check = validateBitcoinAddress(key.address(chain, index));
          expect(check.ok && check.value.type).toBe(type);
        }
      }
    }
  });

  it('trims the whitespace a copy brings along', () => {
    expect(accepted(`  ${zpub84}\n`).address('receive', 0)).toBe(
      'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
    );
  });

  it('refuses an index an extended public key cannot derive', () => {
    const key = accepted(zpub84);
    expect(() => key.address('receive', -1)).toThrow(RangeError);
    expect(() => key.address('receive', 0x80000000)).toThrow(RangeError);
    expect(() => key.address('receive', 1.5)).toThrow(RangeError);
  });
});

describe('keys that are refused', () => {
  it('private keys, with a warning never to paste one', () => {
    const privates = {
      // BIP 84's account xpriv, SLIP-0132's account xprv and yprv, BIP 49's testnet uprv.
      zprv: 'zprvAdG4iTXWBoARxkkzNpNh8r6Qag3irQB8PzEMkAFeTRXxHpbF9z4QgEvBRmfvqWvGp42t42nvgGpNgYSJA9iefm1yYNZKEm7z6qUWCroSQnE',
      xprv: 'xprv9xpXFhFpqdQK3TmytPBqXtGSwS3DLjojFhTGht8gwAAii8py5X6pxeBnQ6ehJiyJ6nDjWGJfZ95WxByFXVkDxHXrqu53WCRGypk2ttuqncb',
      yprv: 'yprvAHwhK6RbpuS3dgCYHM5jc2ZvEKd7Bi61u9FVhYMpgMSuZS613T1xxQeKTffhrHY79hZ5PsskBjcc6C2V7DrnsMsNaGDaWev3GLRQRgV7hxF',
      uprv: 'uprv91G7gZkzehuMVxDJTYE6tLivdF8e4rvzSu1LFfKw3b2Qx1Aj8vpoFnHdfUZ3hmi9jsvPifmZ24RTN2KhwB8BfMLTVqaBReibyaFFcTP1s9n',
    };
    for (const [prefix, key] of Object.entries(privates)) {
      const result = parseExtendedPublicKey(key);
      expect(result).toEqual({ ok: false, problem: 'private_key', message: m.keyPrivate(prefix) });
      expect(m.keyPrivate(prefix)).toContain('Never paste a private key');
    }
  });

  it('testnet keys, naming their prefix', () => {
    expect(parseExtendedPublicKey(upub49)).toEqual({
      ok: false,
      problem: 'network',
      message: m.keyTestnet('upub'),
    });
    const tpub = withVersion(xpub44, 0x043587cf);
    const vpub = withVersion(zpub84, 0x045f1cf6);
    expect(tpub.startsWith('tpub') && vpub.startsWith('vpub')).toBe(true);
    expect(parseExtendedPublicKey(tpub)).toEqual({
      ok: false,
      problem: 'network',
      message: m.keyTestnet('tpub'),
    });
    expect(parseExtendedPublicKey(vpub)).toEqual({
      ok: false,
      problem: 'network',
      message: m.keyTestnet('vpub'),
    });
    expect(m.keyTestnet('tpub')).toBe(
      'This is a testnet key (tpub); connect a mainnet key (xpub, ypub or zpub).',
    );
  });

  it('names each registered version by the prefix its bytes encode to', () => {
    // The table's names are checked against the bytes: a version's base58 text starts with its name.
    const versions: Record<string, number> = {
      Ypub: 0x0295b43f,
      Zpub: 0x02aa7ed3,
      Upub: 0x024289ef,
      Vpub: 0x02575483,
      tprv: 0x04358394,
      vprv: 0x045f18bc,
      Yprv: 0x0295b005,
      Zprv: 0x02aa7a99,
      Uprv: 0x024285b5,
      Vprv: 0x02575048,
    };
    for (const [prefix, version] of Object.entries(versions)) {
      const key = withVersion(xpub44, version);
      expect(key.slice(0, 4)).toBe(prefix);
      const result = parseExtendedPublicKey(key);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.message).toContain(`(${prefix})`);
    }
  });

  it('multisig keys', () => {
    const zpubMultisig = withVersion(zpub84, 0x02aa7ed3);
    expect(parseExtendedPublicKey(zpubMultisig)).toEqual({
      ok: false,
      problem: 'unsupported',
      message: m.keyMultisig('Zpub'),
    });
  });

  it('a typo: the checksum fails', () => {
    // A ypub whose second half is wrong (it circulates as if it were m/49'/0'/0'; it is not).
    const wrong =
      'ypub6Ww3ibxVfGzLrAH1PNcjyAWenMTbbAosGNB6VvmSEgytSER9azLDWCxoJwW7Ykkds3j5BRktcqSxWxMWYcunX2y9XmcVJ4SRQAsGuAnpPaK';
    expect(parseExtendedPublicKey(wrong)).toEqual({ ok: false, problem: 'checksum', message: m.keyChecksum });
    const swapped = `${zpub84.slice(0, 60)}${zpub84[61]}${zpub84[60]}${zpub84.slice(62)}`;
    expect(parseExtendedPublicKey(swapped)).toMatchObject({ ok: false, problem: 'checksum' });
  });

  it('characters base58 never has, and a cut-off key', () => {
    expect(parseExtendedPublicKey(zpub84.replace('y', '0'))).toEqual({
      ok: false,
      problem: 'malformed',
      message: m.keyNotBase58,
    });
    expect(parseExtendedPublicKey(zpub84.slice(0, -5))).toEqual({
      ok: false,
      problem: 'malformed',
      message: m.keyLength,
    });
  });

  it('a key whose public key is not on the curve', () => {
    const payload = Uint8Array.from(base58check.decode(zpub84));
    // The key is bytes 45..77: parity byte, then x. An x of all ones is above the field's prime.
    payload.fill(0xff, 46, 78);
    const damaged = base58check.encode(payload);
    expect(parseExtendedPublicKey(damaged)).toEqual({
      ok: false,
      problem: 'malformed',
      message: m.keyDamaged,
    });
  });

  it('an address pasted as a key, and an empty field', () => {
    expect(parseExtendedPublicKey('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu')).toEqual({
      ok: false,
      problem: 'wrong_field',
      message: m.keyIsAddress,
    });
    expect(parseExtendedPublicKey('   ')).toEqual({ ok: false, problem: 'empty', message: m.keyEmpty });
  });

  it('a script type a ypub or zpub does not mean', () => {
    expect(parseExtendedPublicKey(ypub49, 'p2pkh')).toEqual({
      ok: false,
      problem: 'script_type',
      message: m.keyScriptFixed('ypub', 'nested segwit (P2SH-P2WPKH)'),
    });
    expect(parseExtendedPublicKey(zpub84, 'p2wpkh').ok).toBe(true);
  });

  it('a version no Bitcoin key has', () => {
    expect(parseExtendedPublicKey(withVersion(xpub44, 0x019da462))).toEqual({
      ok: false,
      problem: 'unsupported',
      message: m.keyUnknownVersion,
    });
  });
});

import { describe, expect, it } from 'vitest';
import { maskConnectionSecret } from './connection-mask.ts';
import { connectionMessages as m } from './connection-messages.ts';
import { connectionCreateBodySchema, connectionSchema, connectionUpdateBodySchema } from './connections.ts';

const portfolio_id = '7d3f4a52-6c1e-4b8e-9a52-0b6f2d7c9e11';
const zpub =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const xpub =
  'xpub6BosfCnifzxcFwrSzQiqu2DBVTshkCXacvNsWGYJVVhhawA7d4R5WSWGFNbi8Aw6ZRc1brxMyWMzG3DSSSSoekkudhUd9yLb6qx39T9nMdj';

function messages(body: unknown): string[] {
  const result = connectionCreateBodySchema.safeParse(body);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('connection create body', () => {
  it('takes a Bitcoin key with the default gap limit, trimmed', () => {
    const body = connectionCreateBodySchema.parse({
      kind: 'bitcoin',
      portfolio_id,
      label: '  Cold storage ',
      xpub: ` ${zpub}`,
    });
    expect(body).toEqual({ kind: 'bitcoin', portfolio_id, label: 'Cold storage', xpub: zpub, gap_limit: 20 });
  });

  it('takes a Bitcoin address, the blank key field of a form counting as absent', () => {
    const body = connectionCreateBodySchema.parse({
      kind: 'bitcoin',
      portfolio_id,
      label: 'Tip jar',
      xpub: '',
      address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
    });
    expect(body).toMatchObject({ address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', xpub: undefined });
  });

  it('wants exactly one of key and address, and a script type only with a key', () => {
    expect(messages({ kind: 'bitcoin', portfolio_id, label: 'x' })).toEqual([m.bitcoinSourceMissing]);
    expect(
      messages({
        kind: 'bitcoin',
        portfolio_id,
        label: 'x',
        xpub,
        address: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
      }),
    ).toEqual([m.bitcoinSourceBoth]);
    expect(
      messages({
        kind: 'bitcoin',
        portfolio_id,
        label: 'x',
        address: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
        script_type: 'p2wpkh',
      }),
    ).toEqual([m.scriptTypeNeedsKey]);
    expect(messages({ kind: 'bitcoin', portfolio_id, label: 'x', xpub, script_type: 'p2sh-p2wpkh' })).toEqual(
      [],
    );
  });

  it('bounds the label and the gap limit', () => {
    expect(messages({ kind: 'bitcoin', portfolio_id, label: '   ', xpub })).toEqual([m.labelRequired]);
    expect(messages({ kind: 'bitcoin', portfolio_id, label: 'x'.repeat(81), xpub })).toEqual([
      m.labelTooLong,
    ]);
    expect(messages({ kind: 'bitcoin', portfolio_id, label: 'x'.repeat(80), xpub })).toEqual([]);
    for (const gap_limit of [0, 201, 2.5, '20']) {
      expect(messages({ kind: 'bitcoin', portfolio_id, label: 'x', xpub, gap_limit })).toEqual([
        m.gapLimitRange,
      ]);
    }
    expect(messages({ kind: 'bitcoin', portfolio_id, label: 'x', xpub, gap_limit: 200 })).toEqual([]);
  });

  it('takes an EVM address on unique chains', () => {
    const body = {
      kind: 'evm',
      portfolio_id,
      label: 'Hot wallet',
      address: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      chains: ['ethereum', 'base'],
    };
    expect(connectionCreateBodySchema.parse(body)).toEqual(body);
    expect(messages({ ...body, chains: [] })).toEqual([m.chainsRequired]);
    expect(messages({ ...body, chains: ['base', 'base'] })).toEqual([m.chainsUnique]);
    expect(messages({ ...body, chains: ['solana'] })).toHaveLength(1);
    expect(messages({ ...body, address: '0x1234' })).toEqual([m.evmInvalid]);
  });

  it('refuses an unknown kind and a portfolio id that is not one', () => {
    expect(messages({ kind: 'solana', portfolio_id, label: 'x' })).toHaveLength(1);
    expect(messages({ kind: 'bitcoin', portfolio_id: 'p1', label: 'x', xpub })).toHaveLength(1);
  });
});

describe('connection update body', () => {
  it('changes the label and gap limit only', () => {
    expect(connectionUpdateBodySchema.parse({ label: ' Savings ' })).toEqual({ label: 'Savings' });
    expect(connectionUpdateBodySchema.parse({ gap_limit: 50 })).toEqual({ gap_limit: 50 });
    expect(connectionUpdateBodySchema.safeParse({ xpub }).success).toBe(false);
  });
});

describe('a connection in a response', () => {
  it('shows the key only masked', () => {
    expect(maskConnectionSecret(xpub)).toBe('xpub6Bos…nMdj');
    expect(maskConnectionSecret('0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359')).toBe('0xfB6916…d359');
    expect(maskConnectionSecret('short')).toBe('…');
  });

  it('parses the response shape', () => {
    const connection = {
      id: '0b0f8a7e-2f4d-4c55-8d1e-3a9c7b5e6f10',
      kind: 'bitcoin',
      portfolio_id,
      label: 'Cold storage',
      masked: maskConnectionSecret(zpub),
      chains: ['bitcoin'],
      script_type: 'p2wpkh',
      gap_limit: 20,
      state: 'syncing',
      progress: { addresses_scanned: 12, transactions_found: 3 },
      last_synced_at: null,
      next_sync_at: '2026-11-21T10:00:00Z',
      error_message: null,
      exchange: null,
      key_permissions: null,
      history_from: null,
      created_at: '2026-11-21T09:00:00Z',
    };
    expect(connectionSchema.parse(connection)).toEqual(connection);
    expect(connectionSchema.safeParse({ ...connection, state: 'done' }).success).toBe(false);
  });
});

describe('an exchange connection body', () => {
  const body = {
    kind: 'exchange',
    portfolio_id,
    label: 'Kraken',
    exchange: 'kraken',
    api_key: '  key  ',
    api_secret: 'secret',
  };

  it('trims the key, leaves a blank passphrase out and asks nothing about withdrawals by default', () => {
    expect(connectionCreateBodySchema.parse({ ...body, passphrase: ' ' })).toEqual({
      ...body,
      api_key: 'key',
      passphrase: undefined,
      allow_withdrawal: false,
    });
  });

  it('refuses an exchange the app does not read and a missing secret, on their fields', () => {
    const parsed = connectionCreateBodySchema.safeParse({ ...body, exchange: 'mtgox', api_secret: '' });
    expect(parsed.success).toBe(false);
    const paths = parsed.error?.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(['exchange', 'api_secret']);
    expect(parsed.error?.issues[1]?.message).toBe(m.exchangeKeyEmpty('secret'));
  });
});

import { connectionListResponseSchema, connectionSchema } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portfolioUser } from '../../test/portfolio-test-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertTransactions } from '../ledger/index.ts';

// BIP 84's published account key for the mnemonic "abandon … about" (m/84'/0'/0').
const zpub =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
// BIP 84's first receive address of that key.
const bech32 = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu';
// The zpub above re-encoded with testnet's tpub version bytes (0x043587cf): a valid testnet key.
const tpub =
  'tpubDCxX2sYFS5bDkSe5GKKYHjBW7tgyN1R3UchpLJvdbf54ohxeGRtd8MbDUe1cguVHe4vnK68DsuD5MXjxi9EXx16rb9EnNsaF5KT99CinaJz';
const evmLower = '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed';
const evmChecksummed = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const list = '/api/v2/connections/';

let t: TestApp;
let a: Awaited<ReturnType<typeof portfolioUser>>;
let b: Awaited<ReturnType<typeof portfolioUser>>;
let main: { id: string };
let other: { id: string };

beforeAll(async () => {
  t = await createTestApp();
  a = await portfolioUser(t.client());
  b = await portfolioUser(t.client());
  main = await a.portfolio({ name: 'Cold storage' });
  other = await a.portfolio({ name: 'Spending' });
});
afterAll(async () => {
  await t?.close();
});

async function storedConnections(): Promise<number> {
  const result = (await t.database.db.execute(sql`select count(*)::int as n from connections`)) as {
    rows: { n: number }[];
  };
  return Number(result.rows[0]?.n ?? 0);
}

describe('wallet connections', () => {
  it('connects a zpub: masked, its script type named, never shown or stored in clear', async () => {
    const res = await a.client.post(list, {
      kind: 'bitcoin',
      portfolio_id: main.id,
      label: '  Ledger  ',
      xpub: zpub,
    });
    expect(res.statusCode).toBe(201);
    const created = connectionSchema.parse(res.json());
    expect(created).toMatchObject({
      kind: 'bitcoin',
      portfolio_id: main.id,
      label: 'Ledger',
      masked: `${zpub.slice(0, 8)}…${zpub.slice(-4)}`,
      chains: ['bitcoin'],
      script_type: 'p2wpkh',
      gap_limit: 20,
      state: 'pending',
      progress: { addresses_scanned: 0, transactions_found: 0 },
      last_synced_at: null,
      error_message: null,
    });
    const listed = connectionListResponseSchema.parse((await a.client.get(list)).json());
    expect(listed.count).toBe(1);
    expect(JSON.stringify(listed)).not.toContain(zpub);
    // At rest the key is sealed: neither the key nor any part past the mask is in the table.
    const dump = (await t.database.db.execute(sql`select * from connections`)) as { rows: unknown[] };
    const text = JSON.stringify(dump.rows);
    expect(text).not.toContain(zpub.slice(8, -4));
  });

  it('refuses the same wallet twice in a portfolio, and takes it in another', async () => {
    const again = await a.client.post(list, {
      kind: 'bitcoin',
      portfolio_id: main.id,
      label: 'Again',
      xpub: zpub,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.details.fields.xpub).toEqual([
      'This wallet is already connected to this portfolio.',
    ]);
    const elsewhere = await a.client.post(list, {
      kind: 'bitcoin',
      portfolio_id: other.id,
      label: 'Same key, other portfolio',
      xpub: zpub,
    });
    expect(elsewhere.statusCode).toBe(201);
  });

  it('refuses a testnet key, a private key, a typo and a key in the address field, storing nothing', async () => {
    const before = await storedConnections();
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ xpub: tpub }, 'xpub', /testnet key \(tpub\)/],
      [{ xpub: `${zpub.slice(0, -1)}t` }, 'xpub', /checksum/],
      [{ xpub: bech32 }, 'xpub', /address, not an extended public key/],
      [{ address: zpub }, 'address', /extended public key, not an address/],
      [{ address: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx' }, 'address', /testnet/],
      [{ xpub: zpub, address: bech32 }, 'address', /not both/],
      [{}, 'xpub', /or an address/],
    ];
    for (const [source, field, message] of cases) {
      const res = await a.client.post(list, {
        kind: 'bitcoin',
        portfolio_id: main.id,
        label: 'Bad',
        ...source,
      });
      expect(res.statusCode, JSON.stringify(source)).toBe(400);
      expect(res.json().error.code).toBe('validation_error');
      expect(res.json().error.details.fields[field]?.[0]).toMatch(message);
    }
    expect(await storedConnections()).toBe(before);
  });

  it('connects a single address and an EVM address (checksummed), and refuses a bad checksum', async () => {
    const single = await a.client.post(list, {
      kind: 'bitcoin',
      portfolio_id: main.id,
      label: 'Paper wallet',
      address: bech32.toUpperCase(),
    });
    expect(single.statusCode).toBe(201);
    expect(single.json()).toMatchObject({ script_type: null, gap_limit: null, masked: 'bc1qcr8t…6fyu' });

    const evm = await a.client.post(list, {
      kind: 'evm',
      portfolio_id: main.id,
      label: 'MetaMask',
      address: evmLower,
      chains: ['ethereum', 'base'],
    });
    expect(evm.statusCode).toBe(201);
    expect(evm.json()).toMatchObject({
      chains: ['ethereum', 'base'],
      masked: `${evmChecksummed.slice(0, 8)}…${evmChecksummed.slice(-4)}`,
    });
    // The same address in other capitals is the same wallet.
    const again = await a.client.post(list, {
      kind: 'evm',
      portfolio_id: main.id,
      label: 'Again',
      address: evmChecksummed,
      chains: ['ethereum'],
    });
    expect(again.json().error.details.fields.address).toEqual([
      'This wallet is already connected to this portfolio.',
    ]);
    const typo = `${evmChecksummed.slice(0, 3)}${evmChecksummed[3] === 'A' ? 'a' : 'A'}${evmChecksummed.slice(4)}`;
    const bad = await a.client.post(list, {
      kind: 'evm',
      portfolio_id: main.id,
      label: 'Typo',
      address: typo,
      chains: ['ethereum'],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fields.address[0]).toMatch(/checksum/);
    const noChain = await a.client.post(list, {
      kind: 'evm',
      portfolio_id: main.id,
      label: 'x',
      address: evmLower,
      chains: [],
    });
    expect(noChain.json().error.details.fields.chains).toEqual(['Choose at least one chain']);
  });

  it('edits the label and gap limit; a single address has no gap limit', async () => {
    const mine = connectionListResponseSchema
      .parse((await a.client.get(list)).json())
      .results.filter((c) => c.portfolio_id === main.id && c.kind === 'bitcoin');
    const key = mine.find((c) => c.gap_limit !== null);
    const single = mine.find((c) => c.gap_limit === null);
    if (!key || !single) throw new Error('expected two Bitcoin connections');
    const patched = await a.client.send('PATCH', `${list}${key.id}/`, { label: 'Trezor', gap_limit: 40 });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ label: 'Trezor', gap_limit: 40 });
    const refused = await a.client.send('PATCH', `${list}${single.id}/`, { gap_limit: 40 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details.fields.gap_limit).toBeDefined();
    const outOfRange = await a.client.send('PATCH', `${list}${key.id}/`, { gap_limit: 0 });
    expect(outOfRange.statusCode).toBe(400);
  });

  it("is the owner's alone: another user sees 404 and cannot connect into someone else's portfolio", async () => {
    const mine = connectionListResponseSchema.parse((await a.client.get(list)).json()).results[0];
    if (!mine) throw new Error('expected a connection');
    expect((await b.client.get(`${list}${mine.id}/`)).statusCode).toBe(404);
    expect((await b.client.send('PATCH', `${list}${mine.id}/`, { label: 'Mine now' })).statusCode).toBe(404);
    expect((await b.client.send('DELETE', `${list}${mine.id}/?transactions=keep`)).statusCode).toBe(404);
    expect(connectionListResponseSchema.parse((await b.client.get(list)).json()).count).toBe(0);
    const into = await b.client.post(list, {
      kind: 'bitcoin',
      portfolio_id: main.id,
      label: 'x',
      address: bech32,
    });
    expect(into.statusCode).toBe(404);
    expect(into.json().error.details.fields.portfolio_id).toEqual(['Portfolio not found']);
    expect((await a.client.get(`${list}not-a-uuid/`)).statusCode).toBe(404);
  });

  it('deletes only with a choice, keeping or removing the rows it brought', async () => {
    const created = await a.client.post(list, {
      kind: 'bitcoin',
      portfolio_id: other.id,
      label: 'To delete',
      address: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
    });
    const id = connectionSchema.parse(created.json()).id;
    const rows = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        portfolioId: other.id,
        coinId: 'bitcoin',
        type: 'transfer_in',
        quantity: '0.1',
        pricePerCoin: '100',
        fee: '0',
        feeCurrency: null,
        executedAt: new Date(Date.UTC(2024, 0, 1 + i)),
        note: '',
        rewardKind: null,
        sourceConnectionId: id,
        sourceId: `txid${i}:0`,
      }));
    await insertTransactions(t.database.db, a.user.id, rows(2), new Date());
    const sourced = async () =>
      Number(
        (
          (await t.database.db.execute(
            sql`select count(*)::int as n from transactions where source_connection_id = ${id}`,
          )) as { rows: { n: number }[] }
        ).rows[0]?.n,
      );
    expect(await sourced()).toBe(2);
    // The same outside id twice under one connection is refused by the database itself.
    await expect(insertTransactions(t.database.db, a.user.id, rows(1), new Date())).rejects.toThrow();

    const noChoice = await a.client.send('DELETE', `${list}${id}/`);
    expect(noChoice.statusCode).toBe(400);
    expect(noChoice.json().error.details.fields['querystring.transactions']).toEqual([
      'Say whether to keep or remove the transactions this connection brought.',
    ]);
    expect((await a.client.send('DELETE', `${list}${id}/?transactions=remove`)).statusCode).toBe(204);
    expect(await sourced()).toBe(0);
    expect((await a.client.get(`${list}${id}/`)).statusCode).toBe(404);
  });
});

import { oversellDetailsSchema } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { inTimeZone } from '@/test/time-zone';
import { apiErrorFromResponse } from './api/api-error';
import { withOversellWritten } from './oversell-text';

// The server writes an oversell's date in UTC and says so; the page reads it in the reader's own
// zone, as its transaction list does. Honolulu is 10 hours behind UTC.
inTimeZone('Pacific/Honolulu');

const refusal = (details: Record<string, unknown>) =>
  new Response(
    JSON.stringify({
      error: {
        code: 'validation_error',
        message: 'Please check your input and try again',
        category: 'validation',
        details,
      },
    }),
    { status: 400, headers: { 'content-type': 'application/json' } },
  );

/** What the transaction form shows for a refused save. */
async function shown(response: Response) {
  const error = await apiErrorFromResponse(response);
  return withOversellWritten(error.fieldErrors, error.details);
}

const serverText = 'Only 1.5 HYPE held on Mar 1, 2024, 9:30 AM UTC; this sell needs 2.';
const oversell = {
  code: 'oversell',
  transaction_id: '__new__',
  coin_id: 'hyperliquid',
  type: 'sell',
  executed_at: '2024-03-01T09:30:00.000Z',
  requested: '2',
  available: '1.5',
  field: 'quantity',
  lead: 'self',
  symbol: 'HYPE',
  name: 'Hyperliquid',
};

describe('an oversell refusal', () => {
  it("is written with the reader's zone from details.oversell", async () => {
    expect(await shown(refusal({ fields: { quantity: [serverText] }, oversell }))).toEqual({
      quantity: ['Only 1.5 HYPE held on Feb 29, 2024, 11:30 PM; this sell needs 2.'],
    });
  });

  it('keeps its lead and its field, and the other fields', async () => {
    const fields = await shown(
      refusal({
        fields: { record_fee_sale: ['x'], note: ['Too long'] },
        oversell: { ...oversell, lead: 'delete', field: 'record_fee_sale' },
      }),
    );
    expect(fields).toEqual({
      record_fee_sale: [
        'Deleting it would oversell a later transaction: Only 1.5 HYPE held on Feb 29, 2024, 11:30 PM; this sell needs 2.',
      ],
      note: ['Too long'],
    });
  });

  it("keeps the server's text when the details are not an oversell the contract knows", async () => {
    for (const odd of [
      { requested: 'lots' },
      { lead: 'other' },
      { executed_at: 'yesterday' },
      { code: 'x' },
    ]) {
      expect(
        await shown(refusal({ fields: { quantity: [serverText] }, oversell: { ...oversell, ...odd } })),
      ).toEqual({ quantity: [serverText] });
    }
    expect(await shown(refusal({ fields: { quantity: [serverText] } }))).toEqual({ quantity: [serverText] });
  });
});

describe("the page's own check of details.oversell (zod is not in the first load)", () => {
  // Every field missing, of the wrong kind, or odd: the page writes the message itself only for
  // details the contract's schema accepts, so it never reads anything else as an oversell.
  const odd: Record<string, unknown>[] = [{}];
  for (const key of Object.keys(oversell)) {
    const { [key]: _dropped, ...without } = oversell as Record<string, unknown>;
    odd.push(without, { ...oversell, [key]: 42 }, { ...oversell, [key]: null }, { ...oversell, [key]: '' });
  }
  odd.push({ ...oversell, requested: '1e3' }, { ...oversell, available: '-1' }, { ...oversell, type: 'buy' });

  it('is never looser than oversellDetailsSchema', async () => {
    expect(oversellDetailsSchema.safeParse(oversell).success).toBe(true);
    for (const details of odd) {
      const written = await shown(refusal({ fields: { quantity: [serverText] }, oversell: details }));
      const rewritten = JSON.stringify(written) !== JSON.stringify({ quantity: [serverText] });
      if (rewritten)
        expect({ details, accepted: oversellDetailsSchema.safeParse(details).success }).toEqual({
          details,
          accepted: true,
        });
    }
  });
});

import { describe, expect, it } from 'vitest';
import { createSecretBox } from '../../lib/secret-box.ts';
import { startFakeWebhookReceiver } from '../../test/fake-webhook-receiver.ts';
import { maskTarget } from './presets.ts';
import { digestDue, quietUntil } from './quiet-hours.ts';
import { createWebhookSender } from './webhook-sender.ts';

describe('webhook sender (SSRF)', () => {
  it('refuses at send time too, so a URL saved while allowed (or a name that moved) is never called', async () => {
    const receiver = await startFakeWebhookReceiver();
    const sender = createWebhookSender({ allowPrivate: false, timeoutMs: 1_000 });
    try {
      for (const url of [`${receiver.url}/x`, `http://localhost:${receiver.port}/x`]) {
        const outcome = await sender.send({ url, headers: {}, body: '{}' });
        expect(outcome, url).toMatchObject({ ok: false, permanent: true });
      }
      expect(receiver.hooks).toHaveLength(0);
    } finally {
      sender.close();
      await receiver.close();
    }
  });
});

describe('secret box', () => {
  it('round-trips, and refuses another key, another row or altered bytes', () => {
    const box = createSecretBox('a'.repeat(40));
    const sealed = box.seal('https://hooks.slack.com/services/T/B/secret', 'row-1');
    expect(Buffer.from(sealed).toString('utf8')).not.toContain('secret');
    expect(box.open(sealed, 'row-1')).toBe('https://hooks.slack.com/services/T/B/secret');
    expect(box.open(sealed, 'row-2')).toBeNull();
    expect(createSecretBox('b'.repeat(40)).open(sealed, 'row-1')).toBeNull();
    const altered = Uint8Array.from(sealed);
    altered[altered.length - 1] = (altered[altered.length - 1] ?? 0) ^ 1;
    expect(box.open(altered, 'row-1')).toBeNull();
  });

  it('masks targets to scheme, host and the last four characters', () => {
    expect(maskTarget('discord', { url: 'https://discord.com/api/webhooks/123/abcdefgh' })).toBe(
      'https://discord.com/…efgh',
    );
    expect(maskTarget('gotify', { url: 'https://push.example.com', token: 'AbCdEf' })).toBe(
      'https://push.example.com',
    );
    expect(maskTarget('telegram', { token: '123456:ABCDEFGH', chat_id: '-1001234567' })).toBe(
      'bot …EFGH → chat …4567',
    );
  });
});

describe('quiet hours and digest time', () => {
  const prefs = { timeZone: 'Europe/Berlin', quietStart: '22:00', quietEnd: '07:00' };
  it('holds inside a window that wraps past midnight, in the zone given', () => {
    // 23:30 in Berlin (winter, UTC+1) → held until 07:00 Berlin = 06:00 UTC.
    expect(quietUntil(new Date('2027-01-10T22:30:00Z'), prefs).toISOString()).toBe(
      '2027-01-11T06:00:00.000Z',
    );
    expect(quietUntil(new Date('2027-01-11T05:59:00Z'), prefs).toISOString()).toBe(
      '2027-01-11T06:00:00.000Z',
    );
    const day = new Date('2027-01-11T12:00:00Z');
    expect(quietUntil(day, prefs)).toBe(day);
    expect(quietUntil(day, { ...prefs, quietStart: null, quietEnd: null })).toBe(day);
  });

  it('makes a digest due once a day, after the local digest time', () => {
    const p = { timeZone: 'America/New_York', digestTime: '08:00', lastDigestDate: null };
    expect(digestDue(new Date('2027-01-11T12:59:00Z'), p)).toBeNull(); // 07:59 in New York
    expect(digestDue(new Date('2027-01-11T13:00:00Z'), p)).toEqual({
      date: '2027-01-11',
      cutoff: new Date('2027-01-11T13:00:00Z'),
    });
    // Found late (11:42:17.5 in New York): it still covers only what was held before 08:00.
    expect(digestDue(new Date('2027-01-11T16:42:17.500Z'), p)?.cutoff).toEqual(
      new Date('2027-01-11T13:00:00Z'),
    );
    expect(digestDue(new Date('2027-01-11T20:00:00Z'), { ...p, lastDigestDate: '2027-01-11' })).toBeNull();
  });
});

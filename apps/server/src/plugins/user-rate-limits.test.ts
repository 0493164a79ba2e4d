import { limitMessages } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi } from '../integrations/llm/test/fake-openai-server.ts';
import { startFakeWebhookReceiver } from '../test/fake-webhook-receiver.ts';
import { portfolioUser } from '../test/portfolio-test-helpers.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import type { TestClient } from '../test/test-client.ts';

// Two an hour, so a few requests reach each limit; the defaults are checked in config.test.ts.
const perHour = 2;

let t: TestApp;
let llm: Awaited<ReturnType<typeof startFakeOpenAi>>;
let receiver: Awaited<ReturnType<typeof startFakeWebhookReceiver>>;
beforeAll(async () => {
  llm = await startFakeOpenAi();
  receiver = await startFakeWebhookReceiver();
  t = await createTestApp({
    env: {
      LLM_BASE_URL: llm.url,
      LLM_API_KEY: 'sk-test',
      LLM_MODEL: 'tiny',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      LIMIT_NARRATIONS_PER_HOUR: String(perHour),
      LIMIT_TEST_SENDS_PER_HOUR: String(perHour),
    },
  });
});
afterAll(async () => {
  await t?.close();
  await llm?.close();
  await receiver?.close();
});

/** A 429 in the envelope whose words say what ran out, and when it comes back. */
function expectRateLimited(
  res: { statusCode: number; json(): { error: { message: string; details: unknown } } },
  message: (max: number, waitMs: number) => string,
): void {
  expect(res.statusCode).toBe(429);
  const { error } = res.json();
  expect(error).toMatchObject({ code: 'rate_limited', category: 'business' });
  const details = error.details as { limit: number; retry_after_seconds: number };
  expect(details.limit).toBe(perHour);
  // The window opened with this test's first request: nearly the whole hour is left.
  expect(details.retry_after_seconds).toBeGreaterThan(3_500);
  expect(details.retry_after_seconds).toBeLessThanOrEqual(3_600);
  expect(error.message).toBe(message(perHour, details.retry_after_seconds * 1000));
}

describe('narrations per user per hour', () => {
  async function narrator(): Promise<TestClient> {
    const u = await portfolioUser(t.client());
    const p = await u.portfolio();
    await u.ok(p.id, { quantity: '1', price_per_coin: '20000' });
    expect((await u.client.post('/api/v2/insights/narrate/consent/')).statusCode).toBe(200);
    return u.client;
  }

  it('answers 429 after the hour’s narrations, without asking the model, and not for another user', async () => {
    llm.behave({ kind: 'stream', chunks: ['All fine.'] });
    const client = await narrator();
    for (let i = 0; i < perHour; i += 1)
      expect((await client.post('/api/v2/insights/narrate/', {})).statusCode).toBe(200);
    const asked = llm.requests.length;

    expectRateLimited(await client.post('/api/v2/insights/narrate/', {}), limitMessages.narrations);
    expect(llm.requests).toHaveLength(asked);

    const other = await narrator();
    expect((await other.post('/api/v2/insights/narrate/', {})).statusCode).toBe(200);
  });

  it('does not count a request refused for want of consent', async () => {
    const u = await portfolioUser(t.client());
    for (let i = 0; i < perHour + 1; i += 1)
      expect((await u.client.post('/api/v2/insights/narrate/', {})).statusCode).toBe(409);
    expect((await u.client.post('/api/v2/insights/narrate/consent/')).statusCode).toBe(200);
    expect((await u.client.post('/api/v2/insights/narrate/', {})).statusCode).toBe(200);
  });
});

describe('channel test sends per user per hour', () => {
  async function sender(): Promise<{ client: TestClient; channels: string[] }> {
    const u = await portfolioUser(t.client());
    const channels: string[] = [];
    for (const name of ['First', 'Second']) {
      const res = await u.client.post('/api/v2/notification-channels/', {
        kind: 'webhook',
        preset: 'json',
        name,
        url: `${receiver.url}/hooks/${name}`,
      });
      expect(res.statusCode, res.body).toBe(201);
      channels.push(res.json().id);
    }
    return { client: u.client, channels };
  }

  const test = (client: TestClient, id: string | undefined) =>
    client.post(`/api/v2/notification-channels/${id}/test/`);

  it('answers 429 after the hour’s sends over all the user’s channels, sending nothing more', async () => {
    const { client, channels } = await sender();
    for (let i = 0; i < perHour; i += 1) {
      const res = await test(client, channels[0]);
      expect(res.statusCode).toBe(200);
      expect(res.json().delivered).toBe(true);
    }
    const received = receiver.hooks.length;

    // Another channel of the same user shares the allowance.
    expectRateLimited(await test(client, channels[1]), limitMessages.testSends);
    expectRateLimited(await test(client, channels[0]), limitMessages.testSends);
    expect(receiver.hooks).toHaveLength(received);

    const other = await sender();
    expect((await test(other.client, other.channels[0])).statusCode).toBe(200);
  });
});

import type { AlertEventPayload, DeliveryMessage } from '@app/contracts';
import { describeFiredCondition, formatCurrency } from '@app/core';

const coinName = (id: string) => id.replace(/-/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());

function money(value: number, currency: string): string {
  try {
    return formatCurrency(value, currency);
  } catch {
    return `${value} ${currency.toUpperCase()}`;
  }
}

/** The text every channel sends for a fired alert, in the user's base currency at firing. */
export function alertMessage(input: {
  coinId: string;
  payload: AlertEventPayload;
  firedAt: Date;
  publicUrl: string;
}): DeliveryMessage {
  const condition = describeFiredCondition(input.payload, money);
  const demo = input.payload.demo ? ' (demo data, simulated prices)' : '';
  return {
    kind: 'alert',
    title: `${coinName(input.coinId)} alert`,
    body: `${coinName(input.coinId)}: ${condition}${demo}`,
    coin_id: input.coinId,
    url: `${input.publicUrl}/terminal?coin=${encodeURIComponent(input.coinId)}`,
    fired_at: input.firedAt.toISOString(),
    data: { ...input.payload },
  };
}

export function testMessage(channelName: string, now: Date, publicUrl: string): DeliveryMessage {
  return {
    kind: 'test',
    title: 'Exit Liquidity test',
    body: `Test message for “${channelName}”: alerts will arrive here.`,
    coin_id: null,
    url: `${publicUrl}/settings/notifications`,
    fired_at: now.toISOString(),
    data: null,
  };
}

/** One message for a day's held alerts, oldest first. */
export function digestMessage(
  entries: readonly DeliveryMessage[],
  localDate: string,
  now: Date,
  publicUrl: string,
): DeliveryMessage {
  const lines = entries.slice(0, 50).map((e) => `• ${e.body}`);
  if (entries.length > 50) lines.push(`…and ${entries.length - 50} more in the app.`);
  return {
    kind: 'digest',
    title: `Exit Liquidity digest for ${localDate}: ${entries.length} alert${entries.length === 1 ? '' : 's'}`,
    body: lines.join('\n'),
    coin_id: null,
    url: `${publicUrl}/alerts`,
    fired_at: now.toISOString(),
    data: { count: entries.length, date: localDate },
  };
}

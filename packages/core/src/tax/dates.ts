import type { TaxRule } from '@app/contracts';
import { dayMs } from '../market/daily-candles.ts';

/**
 * Calendar days as integers (days since 1970-01-01 on the proleptic calendar), so holding
 * periods and 30-day windows are integer arithmetic. A transaction's day is the calendar day in
 * the rule's own time zone: HMRC's "same day" is a London day (23:00 UTC in summer is already
 * tomorrow there), § 23 EStG counts Berlin days; the others use UTC.
 */
export type CalendarDay = number;

export function ruleTimeZone(rule: TaxRule): string {
  if (rule === 'uk') return 'Europe/London';
  if (rule === 'de') return 'Europe/Berlin';
  return 'UTC';
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** The calendar day an instant falls on in `zone`. */
export function dayInZone(ms: number, zone: string): CalendarDay {
  if (zone === 'UTC') return Math.floor(ms / dayMs);
  const parts = formatter(zone).formatToParts(new Date(ms));
  let y = 0;
  let m = 0;
  let d = 0;
  for (const p of parts) {
    if (p.type === 'year') y = Number(p.value);
    else if (p.type === 'month') m = Number(p.value);
    else if (p.type === 'day') d = Number(p.value);
  }
  return Date.UTC(y, m - 1, d) / dayMs;
}

export function dayToIso(day: CalendarDay): string {
  return new Date(day * dayMs).toISOString().slice(0, 10);
}

export function isoToDay(iso: string): CalendarDay {
  return Math.floor(Date.parse(`${iso.slice(0, 10)}T00:00:00Z`) / dayMs);
}

/**
 * The same month and day one year later: the day a "more than one year" holding period ends
 * (§ 188 (2) BGB; IRS Pub. 550 "begin counting on the day after you acquired"). A lot bought on
 * 29 February ends on 28 February (§ 188 (3) BGB: the last day of the shorter month).
 */
export function oneYearLater(day: CalendarDay): CalendarDay {
  const date = new Date(day * dayMs);
  const y = date.getUTCFullYear() + 1;
  const m = date.getUTCMonth();
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return Date.UTC(y, m, Math.min(date.getUTCDate(), lastDay)) / dayMs;
}

export interface TaxYear {
  year: number;
  label: string;
  start: CalendarDay;
  end: CalendarDay;
}

/** The UK tax year runs 6 April to 5 April and is named by its first year; the others are calendar years. */
export function taxYear(rule: TaxRule, year: number): TaxYear {
  if (rule === 'uk') {
    return {
      year,
      label: `${year}/${String((year + 1) % 100).padStart(2, '0')}`,
      start: Date.UTC(year, 3, 6) / dayMs,
      end: Date.UTC(year + 1, 3, 5) / dayMs,
    };
  }
  return {
    year,
    label: String(year),
    start: Date.UTC(year, 0, 1) / dayMs,
    end: Date.UTC(year, 11, 31) / dayMs,
  };
}

export function taxYearOf(rule: TaxRule, day: CalendarDay): number {
  const date = new Date(day * dayMs);
  const y = date.getUTCFullYear();
  if (rule !== 'uk') return y;
  return day >= Date.UTC(y, 3, 6) / dayMs ? y : y - 1;
}

import { afterEach, describe, expect, it } from 'vitest';
import { usePreferences } from '@/lib/preferences';
import { maskedValue } from '@/lib/privacy';
import { act, render, screen } from '@/test/testing-library';
import { Money, Quantity } from './private-value';

afterEach(() => act(() => usePreferences.getState().setPrivacyMode(false)));

describe('Money and Quantity (currency decimals, privacy mode)', () => {
  it('writes money with the spec decimals and quantities exactly, marked private', () => {
    render(
      <p>
        <Money value="96843.571772805507745267" currency="eur" /> <Money value="0.0812345" currency="usd" />{' '}
        <Quantity value="3.360000000000000000" unit="SOL" />
      </p>,
    );
    expect(screen.getByText('€96,843.57').hasAttribute('data-private')).toBe(true);
    expect(screen.getByText('$0.081')).toBeTruthy();
    expect(screen.getByText('3.36').hasAttribute('data-private')).toBe(true);
  });

  it('masks amounts and quantities in privacy mode, and follows a toggle without a remount', () => {
    render(
      <p>
        <Money value="1234.5" currency="usd" /> <Quantity value="2" unit="BTC" /> <span>+5.00%</span>
      </p>,
    );
    expect(screen.getByText('$1,234.50')).toBeTruthy();
    act(() => usePreferences.getState().setPrivacyMode(true));
    expect(screen.queryByText('$1,234.50')).toBeNull();
    expect(screen.getAllByText(maskedValue)).toHaveLength(2);
    expect(screen.getByText('+5.00%')).toBeTruthy();
    expect(document.body.textContent).toContain('BTC');
  });
});

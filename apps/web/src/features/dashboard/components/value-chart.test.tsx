import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { usePreferences } from '@/lib/preferences';
import { formatMoney } from '@/lib/settings';
import { render, screen, within } from '@/test/testing-library';
import { axisMoney, niceTicks, ValueChart } from './value-chart';

const day = 86_400_000;
const start = Date.UTC(2026, 0, 1);
const times = [start, start + 10 * day, start + 20 * day, start + 30 * day];

function chart() {
  return render(
    <ValueChart
      times={times}
      currency="eur"
      money={(v) => formatMoney(v, 'eur')}
      label="Portfolio value"
      series={[
        { label: 'Value', values: [1000, 1500, 1200, 2500], stroke: 'stroke-accent' },
        { label: 'Capital invested', values: [1000, 1000, 1800, 1800], stroke: 'stroke-warning' },
      ]}
    />,
  );
}

afterEach(() => usePreferences.getState().setPrivacyMode(false));

describe('value chart', () => {
  it('picks round axis values', () => {
    expect(niceTicks(1000, 2500)).toEqual([1000, 1500, 2000, 2500]);
    expect(niceTicks(0.5, 0.9)).toEqual([0.5, 0.6, 0.7, 0.8, 0.9]);
  });

  it('puts a tick at or beyond both ends of the data, so the axis covers its max and min', () => {
    const cases: [number, number][] = [
      [1000, 2550],
      [1234.5, 1299.99],
      [96_843.57, 131_234.2],
      [0.0123, 0.0456],
      [-50, 120],
      [0.1, 0.3],
      [7, 7.000_01],
    ];
    for (const [lo, hi] of cases) {
      const ticks = niceTicks(lo, hi);
      const steps = ticks.slice(1).map((t, i) => t - (ticks[i] ?? t));
      expect(ticks[0] ?? Number.NaN, `${lo}..${hi}: ${ticks}`).toBeLessThanOrEqual(lo);
      expect(ticks.at(-1) ?? Number.NaN, `${lo}..${hi}: ${ticks}`).toBeGreaterThanOrEqual(hi);
      // Evenly spaced, and few enough to read: three to six labels.
      for (const step of steps) expect(step).toBeCloseTo(steps[0] ?? 0, 9);
      expect(ticks.length, `${lo}..${hi}: ${ticks}`).toBeGreaterThanOrEqual(3);
      expect(ticks.length, `${lo}..${hi}: ${ticks}`).toBeLessThanOrEqual(6);
    }
  });

  it('draws the top y label at or above the highest point of the line', () => {
    const { container } = render(
      <ValueChart
        times={times}
        currency="eur"
        money={(v) => formatMoney(v, 'eur')}
        label="Portfolio value"
        series={[{ label: 'Value', values: [1000, 1500, 1200, 2550], stroke: 'stroke-accent' }]}
      />,
    );
    const labels = [...container.querySelectorAll<HTMLElement>('[data-axis="y"] span')];
    const topLabel = Math.min(...labels.map((l) => Number.parseFloat(l.style.top)));
    const svg = container.querySelector('svg[viewBox]');
    const [, , , viewHeight] = (svg?.getAttribute('viewBox') ?? '').split(' ').map(Number);
    const ys = (container.querySelector('polyline')?.getAttribute('points') ?? '')
      .split(' ')
      .map((p) => Number(p.split(',')[1]));
    const highestPoint = (Math.min(...ys) / (viewHeight ?? 1)) * 100;
    // Smaller top means higher up: the label sits on or above the line's peak.
    expect(topLabel).toBeLessThanOrEqual(highestPoint);
    expect(container.querySelector('[data-axis="y"]')?.textContent).toContain(axisMoney(3000, 'eur'));
  });

  it('has a legend, amounts on the y axis and dates on the x axis', () => {
    const { container } = chart();
    const legend = screen.getByRole('list', { name: 'Legend' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Value', 'Capital invested']);
    expect(container.textContent).toContain(axisMoney(2000, 'eur'));
    expect(axisMoney(2000, 'eur')).toMatch(/€/);
    // First and last dates are on the axis (anchored to the edges so neither is clipped).
    const first = new Date(start).toLocaleDateString(undefined, { month: 'short', day: 'numeric' });
    expect(container.textContent).toMatch(new RegExp(first.replace(/\s/g, '\\s')));
  });

  it('moves a crosshair with the arrow keys and says the date and each series', async () => {
    chart();
    const img = screen.getByRole('img', { name: 'Portfolio value' });
    img.focus();
    await userEvent.keyboard('{End}');
    const tip = screen.getByRole('tooltip');
    expect(tip.textContent).toContain('Value');
    expect(tip.textContent).toContain(formatMoney(2500, 'eur'));
    expect(tip.textContent).toContain(formatMoney(1800, 'eur'));
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('tooltip').textContent).toContain(formatMoney(1500, 'eur'));
    expect(img.getAttribute('aria-describedby')).toBe(screen.getByRole('tooltip').id);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('masks the axis and the tooltip in privacy mode', async () => {
    usePreferences.getState().setPrivacyMode(true);
    const { container } = chart();
    screen.getByRole('img', { name: 'Portfolio value' }).focus();
    await userEvent.keyboard('{End}');
    expect(container.textContent).not.toMatch(/€\s?\d|\d\s?€/);
  });
});

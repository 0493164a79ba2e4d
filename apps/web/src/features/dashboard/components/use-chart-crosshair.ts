import { type KeyboardEvent, type PointerEvent, useState } from 'react';

/**
 * The chart's crosshair: the point nearest the pointer, or moved with the arrow keys (Home and End
 * for the ends, Escape to hide it); null while hidden.
 */
export function useChartCrosshair(times: readonly number[]) {
  const [active, setActive] = useState<number | null>(null);
  const t0 = times[0] ?? 0;
  const t1 = times[times.length - 1] ?? 1;
  const pick = (e: PointerEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    const f = Math.min(1, Math.max(0, (e.clientX - box.left) / (box.width || 1)));
    const t = t0 + f * (t1 - t0);
    let best = 0;
    for (let i = 1; i < times.length; i++)
      if (Math.abs((times[i] ?? 0) - t) < Math.abs((times[best] ?? 0) - t)) best = i;
    setActive(best);
  };
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const last = times.length - 1;
    const next =
      e.key === 'ArrowLeft'
        ? Math.max(0, (active ?? last) - 1)
        : e.key === 'ArrowRight'
          ? Math.min(last, (active ?? -1) + 1)
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : e.key === 'Escape'
                ? null
                : undefined;
    if (next === undefined) return;
    e.preventDefault();
    setActive(next);
  };
  return { active, setActive, pick, onKey };
}

import type { Page } from '@playwright/test';

/**
 * Every visible axis label of every chart on the page ([data-chart] holding [data-axis] label
 * containers) that is clipped or overlaps another label of its axis, one line each. A label is
 * clipped when its box leaves its chart's box, the viewport, or the box of any ancestor that hides
 * or scrolls its overflow (a panel, a card): that part of the text cannot be read.
 */
export async function axisLabelProblems(page: Page, where: string): Promise<string[]> {
  const found = await page.evaluate(() => {
    const problems: string[] = [];
    const slack = 0.5; // sub-pixel rounding of text boxes
    for (const chart of document.querySelectorAll<HTMLElement>('[data-chart]')) {
      if (chart.getClientRects().length === 0) continue;
      const box = chart.getBoundingClientRect();
      let clip = { left: Math.max(box.left, 0), right: Math.min(box.right, window.innerWidth) };
      let top = box.top;
      let bottom = box.bottom;
      for (let a = chart.parentElement; a; a = a.parentElement) {
        const style = getComputedStyle(a);
        const r = a.getBoundingClientRect();
        if (style.overflowX !== 'visible')
          clip = { left: Math.max(clip.left, r.left), right: Math.min(clip.right, r.right) };
        if (style.overflowY !== 'visible' && a !== document.documentElement && a !== document.body) {
          top = Math.max(top, r.top);
          bottom = Math.min(bottom, r.bottom);
        }
      }
      for (const axis of chart.querySelectorAll<HTMLElement>('[data-axis]')) {
        const labels = [...axis.children]
          .map((el) => ({ text: el.textContent ?? '', r: el.getBoundingClientRect() }))
          .filter((l) => l.r.width > 0 && l.r.height > 0);
        const name = `${axis.dataset.axis} axis`;
        if (labels.length < 2) problems.push(`${name}: ${labels.length} label(s) shown`);
        for (const { text, r } of labels) {
          const out = [
            r.left < clip.left - slack && `left by ${(clip.left - r.left).toFixed(1)} px`,
            r.right > clip.right + slack && `right by ${(r.right - clip.right).toFixed(1)} px`,
            r.top < top - slack && `top by ${(top - r.top).toFixed(1)} px`,
            r.bottom > bottom + slack && `bottom by ${(r.bottom - bottom).toFixed(1)} px`,
          ].filter(Boolean);
          if (out.length > 0) problems.push(`${name} label "${text}" clipped ${out.join(', ')}`);
        }
        for (let i = 0; i < labels.length; i++)
          for (let j = i + 1; j < labels.length; j++) {
            const a = labels[i];
            const b = labels[j];
            if (!a || !b) continue;
            const w = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
            const h = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
            if (w > slack && h > slack) problems.push(`${name} labels "${a.text}" and "${b.text}" overlap`);
          }
      }
    }
    return problems;
  });
  return found.map((p) => `${where}: ${p}`);
}

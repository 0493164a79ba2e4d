import type { Page } from '@playwright/test';

/**
 * Every visible chart label ([data-chart-labels] containers: legends, a chart's figures) that
 * wraps onto a second line or overlaps another label of its container, one line each. A label
 * wraps when the boxes of its text lie on more than one line.
 */
export async function chartLabelProblems(page: Page, where: string): Promise<string[]> {
  const found = await page.evaluate(() => {
    const problems: string[] = [];
    const slack = 0.5;
    for (const group of document.querySelectorAll<HTMLElement>('[data-chart-labels]')) {
      if (group.getClientRects().length === 0) continue;
      const labels = [...group.children]
        .map((el) => ({ el, text: (el.textContent ?? '').trim(), r: el.getBoundingClientRect() }))
        .filter((l) => l.r.width > 0 && l.r.height > 0);
      const name = `${group.dataset.chartLabels} labels`;
      if (labels.length === 0) problems.push(`${name}: none shown`);
      for (const { el, text } of labels) {
        const range = document.createRange();
        range.selectNodeContents(el);
        const lines = new Set<number>();
        for (const box of range.getClientRects()) {
          if (box.width > 0 && box.height > 0) lines.add(Math.round(box.top + box.height / 2));
        }
        // Boxes of one line (an icon, words) can differ by a pixel or two in their middles.
        const sorted = [...lines].sort((a, b) => a - b);
        const rows = sorted.filter((y, i) => i === 0 || y - (sorted[i - 1] ?? y) > 4).length;
        if (rows > 1) problems.push(`${name}: "${text}" wraps onto ${rows} lines`);
      }
      for (let i = 0; i < labels.length; i++)
        for (let j = i + 1; j < labels.length; j++) {
          const a = labels[i];
          const b = labels[j];
          if (!a || !b) continue;
          const w = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
          const h = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
          if (w > slack && h > slack) problems.push(`${name}: "${a.text}" and "${b.text}" overlap`);
        }
    }
    return problems;
  });
  return found.map((p) => `${where}: ${p}`);
}

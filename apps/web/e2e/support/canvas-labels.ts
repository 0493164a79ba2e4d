import type { Locator, Page } from '@playwright/test';

/** One text a canvas shows now: where its ink lies, in the canvas's own pixels. */
export interface CanvasText {
  text: string;
  left: number;
  right: number;
  /** The canvas's width in its own pixels. */
  width: number;
}

interface Recorder {
  texts(canvas: HTMLCanvasElement): CanvasText[];
}

/**
 * Before any page script runs: remembers each text drawn on a canvas (a chart library's axis
 * labels are canvas text, out of reach of the DOM), with the horizontal extent of its ink. A
 * canvas cleared whole (clearRect, or fillRect in 'copy' mode, how lightweight-charts paints a
 * fresh background) forgets what it showed, so a canvas's list is what it shows now. Drawing is
 * unchanged: the originals are called with the same arguments.
 */
export async function recordCanvasText(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shown = new WeakMap<HTMLCanvasElement, CanvasText[]>();
    const proto = CanvasRenderingContext2D.prototype;
    const { fillText, fillRect, clearRect } = proto;
    const coversCanvas = (ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number) => {
      const m = ctx.getTransform();
      return (
        m.a * x + m.e <= 0 &&
        m.d * y + m.f <= 0 &&
        m.a * (x + w) + m.e >= ctx.canvas.width &&
        m.d * (y + h) + m.f >= ctx.canvas.height
      );
    };
    proto.clearRect = function (x, y, w, h) {
      if (this.canvas instanceof HTMLCanvasElement && coversCanvas(this, x, y, w, h))
        shown.delete(this.canvas);
      return clearRect.call(this, x, y, w, h);
    };
    proto.fillRect = function (x, y, w, h) {
      if (
        this.canvas instanceof HTMLCanvasElement &&
        (this.globalCompositeOperation === 'copy' || coversCanvas(this, x, y, w, h))
      )
        shown.delete(this.canvas);
      return fillRect.call(this, x, y, w, h);
    };
    proto.fillText = function (text, x, y, maxWidth) {
      if (this.canvas instanceof HTMLCanvasElement) {
        const ink = this.measureText(text);
        const m = this.getTransform();
        const list = shown.get(this.canvas) ?? [];
        list.push({
          text,
          left: m.a * (x - ink.actualBoundingBoxLeft) + m.e,
          right: m.a * (x + ink.actualBoundingBoxRight) + m.e,
          width: this.canvas.width,
        });
        shown.set(this.canvas, list);
      }
      return maxWidth === undefined
        ? fillText.call(this, text, x, y)
        : fillText.call(this, text, x, y, maxWidth);
    };
    (window as unknown as { __canvasText: Recorder }).__canvasText = {
      texts: (canvas) => [...(shown.get(canvas) ?? [])],
    };
  });
}

/** Every text the canvases inside `chart` show now (recordCanvasText installed before the page loaded). */
export async function canvasTexts(chart: Locator): Promise<CanvasText[]> {
  return chart.evaluate((el) => {
    const recorder = (window as unknown as { __canvasText?: Recorder }).__canvasText;
    if (!recorder) throw new Error('recordCanvasText was not installed before the page loaded');
    return [...el.querySelectorAll('canvas')].flatMap((c) => recorder.texts(c));
  });
}

/** The texts whose ink leaves their canvas on the left or the right: cut off on screen. */
export function clippedTexts(texts: readonly CanvasText[], where: string): string[] {
  // lightweight-charts places an edge label by its advance width rounded to a half pixel, so its
  // ink may touch the edge by under a pixel; a label centred on an edge point loses several.
  const slack = 1;
  return texts.flatMap(({ text, left, right, width }) => {
    const out = [
      left < -slack && `left by ${(-left).toFixed(1)} px`,
      right > width + slack && `right by ${(right - width).toFixed(1)} px`,
    ].filter(Boolean);
    return out.length > 0 ? [`${where}: label "${text}" clipped ${out.join(', ')}`] : [];
  });
}

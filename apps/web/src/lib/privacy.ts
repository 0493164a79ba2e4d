import { usePreferences } from './preferences';

/**
 * Privacy mode (Settings → Appearance, or the user menu) replaces every monetary value and coin
 * quantity with this mask. The text itself is replaced, not blurred, so nothing leaks through a
 * screenshot, a copied selection, a chart axis, a tooltip or a screen share; percentages stay.
 */
export const maskedValue = '•••••';

/**
 * The one marker the stylesheet and the markup agree on: every element that shows a monetary value
 * or a quantity carries `data-private`, and `[data-privacy="on"] [data-private]` styles the mask.
 */
export const privateMarker = { 'data-private': '' } as const;

/** Read at format time, so strings built outside React (chart axes, toasts) follow the mode too. */
export function privacyOn(): boolean {
  return usePreferences.getState().privacyMode;
}

/** Subscribes a component, so it re-renders (and re-formats) when the mode is toggled. */
export function usePrivacyMode(): boolean {
  return usePreferences((s) => s.privacyMode);
}

/** The text, or the mask when privacy mode is on. */
export function maskIfPrivate(text: string): string {
  return privacyOn() && text !== '–' ? maskedValue : text;
}

/** A currency amount inside server-written text: "$1,234.50", "-€12", "₿0.5", "1,000 USD". */
const moneyInText = /[-−]?[$€£¥₿Ξ]\s?\d[\d,.]*(?:\s?[kKMB]\b)?|\b\d[\d,.]*\s?(?:USD|EUR|GBP|JPY)\b/g;

/**
 * For sentences the server writes with amounts inside (insights, explanations): in privacy mode
 * each amount becomes the mask and the words stay. Callers subscribe with usePrivacyMode().
 */
export function maskMoneyInText(text: string): string {
  return privacyOn() ? text.replace(moneyInText, maskedValue) : text;
}

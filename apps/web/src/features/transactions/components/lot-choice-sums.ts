/**
 * Exact sums of the quantities typed into the lot choice, without a decimal library in the form's
 * chunk: plain decimal strings as integers of 10^-18 (the most places a quantity can have).
 */
const scale = 18;

/** The typed text as units of 10^-18, or null when it is not a plain non-negative decimal. */
export function units(text: string): bigint | null {
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text.trim());
  if (!match || (match[1] === '' && (match[2] ?? '') === '')) return null;
  const fraction = match[2] ?? '';
  if (fraction.length > scale) return null;
  return BigInt(`${match[1] || '0'}${fraction.padEnd(scale, '0')}`);
}

/** Units of 10^-18 back as a plain decimal string ("1.5", "0.25", "3"). */
export function plain(value: bigint): string {
  const digits = value.toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, -scale);
  const fraction = digits.slice(-scale).replace(/0+$/, '');
  return fraction === '' ? whole : `${whole}.${fraction}`;
}

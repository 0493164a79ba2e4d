/*
 * A currency's name for pickers ("CAD · Canadian Dollar"), from the browser's own Intl data:
 * a list of some fifty currencies needs their names, and no table of ours would stay right.
 */

let names: Intl.DisplayNames | null | undefined;

function currencyNames(): Intl.DisplayNames | null {
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames(['en'], { type: 'currency', fallback: 'none' });
    } catch {
      names = null;
    }
  }
  return names;
}

const cryptoNames: Record<string, string> = { btc: 'Bitcoin', eth: 'Ether' };

/** The code in capitals with its English name when one is known ("CZK · Czech Koruna"). */
export function currencyLabel(code: string): string {
  const upper = code.toUpperCase();
  const name = cryptoNames[code.toLowerCase()] ?? currencyNames()?.of(upper);
  return name && name !== upper ? `${upper} · ${name}` : upper;
}

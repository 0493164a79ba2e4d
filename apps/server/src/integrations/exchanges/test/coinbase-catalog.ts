/** Currencies a fake Coinbase knows, as its wallets describe them. */
export interface CoinbaseCurrencyInfo {
  code: string;
  name: string;
  type: 'crypto' | 'fiat';
  /** How the wallet API names the currency's chain in `network.network_name`. */
  network: string | null;
}

export const coinbaseCurrencies: readonly CoinbaseCurrencyInfo[] = [
  { code: 'USD', name: 'US Dollar', type: 'fiat', network: null },
  { code: 'EUR', name: 'Euro', type: 'fiat', network: null },
  { code: 'BTC', name: 'Bitcoin', type: 'crypto', network: 'bitcoin' },
  { code: 'ETH', name: 'Ethereum', type: 'crypto', network: 'ethereum' },
  { code: 'SOL', name: 'Solana', type: 'crypto', network: 'solana' },
  { code: 'USDC', name: 'USDC', type: 'crypto', network: 'ethereum' },
  { code: 'ADA', name: 'Cardano', type: 'crypto', network: 'cardano' },
  /** Listed under its old id; ccxt's code for it is CELO. */
  { code: 'CGLD', name: 'Celo', type: 'crypto', network: 'celo' },
];

export function coinbaseCurrency(code: string): CoinbaseCurrencyInfo {
  const found = coinbaseCurrencies.find((currency) => currency.code === code);
  if (!found) throw new Error(`the fake Coinbase knows no currency ${code}`);
  return found;
}

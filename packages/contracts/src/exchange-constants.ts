// What the connect form says of each exchange: it loads with the form, never at a page's first
// paint (a contract file is placed whole in the browser build, so the names live apart).
import { type ExchangeId, exchangeNames } from './exchange-names.ts';

export interface ExchangeDescriptor {
  name: string;
  /** What the exchange calls the two halves of a key, as its own pages name them. */
  keyLabel: string;
  secretLabel: string;
  /** Some exchanges add a third part the owner chose when creating the key. */
  passphraseLabel: string | null;
  /** The exchange's own page on creating a key that can only read. */
  helpUrl: string;
  /** What to tick there, in the exchange's words. */
  readOnlyHint: string;
}

export const exchangeDescriptors: Readonly<Record<ExchangeId, ExchangeDescriptor>> = {
  kraken: {
    name: exchangeNames.kraken,
    keyLabel: 'API key',
    secretLabel: 'Private key',
    passphraseLabel: null,
    helpUrl: 'https://support.kraken.com/hc/en-us/articles/360000919966-How-to-create-an-API-key',
    readOnlyHint:
      'Tick only "Query Funds", "Query Open Orders & Trades", "Query Closed Orders & Trades" and "Query Ledger Entries".',
  },
  coinbase: {
    name: exchangeNames.coinbase,
    keyLabel: 'API key name',
    secretLabel: 'Private key',
    passphraseLabel: null,
    helpUrl: 'https://docs.cdp.coinbase.com/coinbase-app/docs/getting-started',
    readOnlyHint: 'Create the key with the "View" permission only.',
  },
  binance: {
    name: exchangeNames.binance,
    keyLabel: 'API key',
    secretLabel: 'Secret key',
    passphraseLabel: null,
    helpUrl: 'https://www.binance.com/en/support/faq/how-to-create-api-keys-on-binance-360002502072',
    readOnlyHint: 'Leave only "Enable Reading" ticked.',
  },
};

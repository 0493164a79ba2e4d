/** Spot symbols a fake Binance lists, as exchangeInfo describes them. */
export interface BinanceSymbolInfo {
  symbol: string;
  baseAsset: string;
  quoteAsset: string;
  status: 'TRADING' | 'BREAK' | 'HALT';
}

export function binanceSymbol(
  baseAsset: string,
  quoteAsset: string,
  status: BinanceSymbolInfo['status'] = 'TRADING',
) {
  return { symbol: `${baseAsset}${quoteAsset}`, baseAsset, quoteAsset, status };
}

/** More markets than an account uses, so a read that asks them all is caught. */
export const binanceSymbols: readonly BinanceSymbolInfo[] = [
  binanceSymbol('BTC', 'USDT'),
  binanceSymbol('ETH', 'USDT'),
  binanceSymbol('ETH', 'BTC'),
  binanceSymbol('BNB', 'USDT'),
  binanceSymbol('BNB', 'BTC'),
  binanceSymbol('BNB', 'ETH'),
  binanceSymbol('BTC', 'EUR'),
  binanceSymbol('ETH', 'EUR'),
  binanceSymbol('EUR', 'USDT'),
  binanceSymbol('SOL', 'USDT'),
  binanceSymbol('SOL', 'BTC'),
  binanceSymbol('XRP', 'USDT'),
  binanceSymbol('XRP', 'BTC'),
  binanceSymbol('ADA', 'USDT'),
  binanceSymbol('DOGE', 'USDT'),
  binanceSymbol('LTC', 'BTC'),
  binanceSymbol('LTC', 'USDT'),
  binanceSymbol('DOT', 'USDT'),
  binanceSymbol('USDC', 'USDT'),
  binanceSymbol('BTC', 'USDC'),
];

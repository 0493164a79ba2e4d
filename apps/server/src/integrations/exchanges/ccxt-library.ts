import type * as Ccxt from 'ccxt';

/**
 * ccxt is the largest library the server has: importing it adds about 80 MB to the resident set,
 * which a server without exchange connections (most of them) would carry for nothing. It is
 * therefore imported on first use: whatever builds a client awaits `loadCcxt()` first, and the
 * code that runs only around a client (its readers, error mapping, decimal helpers for answers)
 * takes the loaded library from `ccxtLibrary()`.
 */
export type CcxtLibrary = typeof Ccxt;

let loading: Promise<CcxtLibrary> | undefined;
let loaded: CcxtLibrary | undefined;

export function loadCcxt(): Promise<CcxtLibrary> {
  loading ??= import('ccxt').then((library) => {
    loaded = library;
    return library;
  });
  return loading;
}

/** The library once `loadCcxt()` has resolved; calling it earlier is a programming error. */
export function ccxtLibrary(): CcxtLibrary {
  if (!loaded) throw new Error('ccxt is not loaded yet: await loadCcxt() before building a client');
  return loaded;
}

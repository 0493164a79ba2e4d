import { describe, expect, it } from 'vitest';
import { defaultReaderLocale, readerLocale } from './reader-locale.ts';

describe('readerLocale: the Accept-Language tag the server writes its text in', () => {
  it("takes the browser's first choice, as the browser sends it", () => {
    expect(readerLocale('de-DE,de;q=0.9,en-US;q=0.8,en;q=0.7')).toBe('de-DE');
  });

  it('orders by weight, not by place, and skips tags weighted zero', () => {
    expect(readerLocale('en;q=0.5, fr-CA;q=0.9, ja;q=0')).toBe('fr-CA');
    expect(readerLocale('ja;q=0, pt-BR;q=0.1')).toBe('pt-BR');
  });

  it('joins a header sent more than once', () => {
    expect(readerLocale(['nl-NL;q=0.2', 'es-ES;q=0.8'])).toBe('es-ES');
  });

  it('falls back to en-US for no header, a wildcard, or tags Intl cannot use', () => {
    expect(defaultReaderLocale).toBe('en-US');
    for (const header of [undefined, '', '*', 'not a tag!!', 'x;q=abc', '*;q=1']) {
      expect(readerLocale(header)).toBe('en-US');
    }
  });

  it('skips a malformed tag for the next usable one', () => {
    expect(readerLocale('12345-xx-$$;q=1, it-IT;q=0.5')).toBe('it-IT');
  });
});

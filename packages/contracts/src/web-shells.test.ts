import { describe, expect, it } from 'vitest';
import { pageFrameFile } from './web-shells';

describe('the framed pages’ shell files', () => {
  it('names a top-level page’s shell, live and under the demo banner', () => {
    expect(pageFrameFile('/transactions', false)).toBe('frames/transactions.html');
    expect(pageFrameFile('/transactions', true)).toBe('frames/transactions.demo.html');
  });

  it('names the shell with the page’s empty state painted too', () => {
    expect(pageFrameFile('/dashboard', false, true)).toBe('frames/dashboard.empty.html');
    expect(pageFrameFile('/dashboard', true, true)).toBe('frames/dashboard.empty.demo.html');
    expect(pageFrameFile('/portfolios/1', false, true)).toBeUndefined();
  });

  it('names none for the root, a nested or an odd path, so none leaves the folder', () => {
    for (const path of [
      '/',
      '/portfolios/1',
      '/../index',
      '/Transactions',
      '/a.html',
      'transactions',
      '/x/',
    ]) {
      expect(pageFrameFile(path, false)).toBeUndefined();
    }
  });
});

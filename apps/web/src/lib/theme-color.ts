import type { ThemeMode } from '@/lib/preferences';

interface RouteColours {
  dark: string;
  light: string;
}

/** The browser chrome matches the top of each page: the page background or the app bar. */
const pageBackground: RouteColours = { dark: '#0b0f17', light: '#f4f6fa' };
const appBar: RouteColours = { dark: '#121826', light: '#ffffff' };
const landing: RouteColours = { dark: '#070a10', light: '#070a10' };

/** The page theme colour varies by route and by light or dark mode. */
export function themeColorFor(pathname: string, theme: ThemeMode): string {
  if (pathname === '/landing') return landing[theme];
  const fullBleed = ['/', '/terminal', '/insights', '/portfolios', '/transactions'];
  if (fullBleed.includes(pathname) || pathname.startsWith('/cryptocurrencies/')) return pageBackground[theme];
  return appBar[theme];
}

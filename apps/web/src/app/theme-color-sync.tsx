import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { usePreferences } from '@/lib/preferences';
import { themeColorFor } from '@/lib/theme-color';

/** Keeps <meta name="theme-color"> in step with the route and the light/dark choice. */
export function ThemeColorSync() {
  const { pathname } = useLocation();
  const theme = usePreferences((s) => s.theme);
  useEffect(() => {
    const meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
    if (meta) meta.content = themeColorFor(pathname, theme);
  }, [pathname, theme]);
  return null;
}

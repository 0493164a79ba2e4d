import type { ComponentType, SVGProps } from 'react';
import { MetricsIcon, OracleIcon, ProjectionsIcon, TerminalIcon } from '@/components/ui/icons';

export interface NavEntry {
  label: string;
  to: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** Extra paths that count as this entry being current. */
  alsoActive?: (pathname: string) => boolean;
}

/** Navigation: exactly these four entries. */
export const navEntries: readonly NavEntry[] = [
  {
    label: 'Terminal',
    to: '/',
    icon: TerminalIcon,
    alsoActive: (p) => p === '/terminal' || p.startsWith('/cryptocurrencies/'),
  },
  { label: 'Metrics', to: '/dashboard', icon: MetricsIcon },
  {
    label: 'Projections',
    to: '/projections',
    icon: ProjectionsIcon,
    alsoActive: (p) => p.startsWith('/projections/'),
  },
  { label: 'Oracle', to: '/insights', icon: OracleIcon },
];

/** The top bar is hidden on small screens for these pages, which use the full height. */
export function hidesTopBarOnMobile(pathname: string): boolean {
  return (
    ['/', '/terminal', '/insights', '/portfolios', '/transactions'].includes(pathname) ||
    pathname.startsWith('/cryptocurrencies/') ||
    pathname.startsWith('/portfolios/')
  );
}

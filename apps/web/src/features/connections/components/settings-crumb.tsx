import { Link } from 'react-router';

/** The way back above a connections page: to the connections, or from there to the settings. */
export function SettingsCrumb({ to = '/settings', label = 'Settings' }: { to?: string; label?: string }) {
  return (
    <nav aria-label="Breadcrumb" className="-mt-4 mb-4 text-sm">
      <Link to={to} className="text-muted hover:text-fg">
        ← {label}
      </Link>
    </nav>
  );
}

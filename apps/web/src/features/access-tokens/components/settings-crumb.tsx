import { Link } from 'react-router';

/** Above the page: the way back to the list of settings (a phone has no other but the user menu). */
export function SettingsCrumb() {
  return (
    <nav aria-label="Breadcrumb" className="-mt-4 mb-4 text-sm">
      <Link to="/settings" className="text-muted hover:text-fg">
        ← Settings
      </Link>
    </nav>
  );
}

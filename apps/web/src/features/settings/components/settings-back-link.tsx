import { Link } from 'react-router';

/**
 * Above a settings sub-page: the way back to the list of settings. Without it a phone had only the
 * user menu to leave Profile, Notifications, Appearance or Subscription for the other settings.
 */
export function SettingsBackLink() {
  return (
    <nav aria-label="Breadcrumb" className="-mt-4 mb-4 text-sm">
      <Link to="/settings" className="text-muted hover:text-fg">
        ← Settings
      </Link>
    </nav>
  );
}

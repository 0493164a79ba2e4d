import { PageFrame } from '@/components/ui/page-frame';
import { Money } from '@/components/ui/private-value';
import { type ThemeMode, usePreferences } from '@/lib/preferences';
import { useBaseCurrency } from '@/lib/settings';
import { SettingsBackLink } from './components/settings-back-link';
import { SettingsSection } from './components/settings-section';

const themes: ReadonlyArray<{ value: ThemeMode; label: string }> = [
  { value: 'dark', label: 'Dark' },
  { value: 'light', label: 'Light' },
];

export function AppearanceSettingsPage() {
  const { theme, privacyMode, setTheme, setPrivacyMode } = usePreferences();
  const currency = useBaseCurrency();
  return (
    <PageFrame title="Appearance">
      <SettingsBackLink />
      <div className="grid max-w-2xl gap-4">
        <SettingsSection title="Theme" description="Light mode changes the page backgrounds.">
          <fieldset className="flex gap-4">
            <legend className="sr-only">Theme</legend>
            {themes.map((t) => (
              <label key={t.value} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="theme"
                  value={t.value}
                  checked={theme === t.value}
                  onChange={() => setTheme(t.value)}
                  className="accent-accent"
                />
                {t.label}
              </label>
            ))}
          </fieldset>
        </SettingsSection>
        <SettingsSection
          title="Privacy mode"
          description="Hides every amount of money and every coin quantity, on every page, its charts and notifications, for when someone is looking over your shoulder. Percentages stay. Also in the user menu."
        >
          <label className="flex items-center gap-3 text-sm">
            <input
              type="checkbox"
              role="switch"
              aria-checked={privacyMode}
              checked={privacyMode}
              onChange={(e) => setPrivacyMode(e.target.checked)}
              className="size-4 accent-accent"
            />
            Hide monetary values
          </label>
          <p className="mt-3 text-sm text-muted">
            Example: <Money value="12345.67" currency={currency} className="font-mono text-fg" />
          </p>
        </SettingsSection>
      </div>
    </PageFrame>
  );
}

import { PageFrame } from '@/components/ui/page-frame';
import { type ThemeMode, usePreferences } from '@/lib/preferences';
import { SettingsSection } from './components/settings-section';

const themes: ReadonlyArray<{ value: ThemeMode; label: string }> = [
  { value: 'dark', label: 'Dark' },
  { value: 'light', label: 'Light' },
];

export function AppearanceSettingsPage() {
  const { theme, privacyMode, setTheme, setPrivacyMode } = usePreferences();
  return (
    <PageFrame title="Appearance">
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
          description="Blurs monetary values on screen, for when someone is looking over your shoulder."
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
            Example: <span className="money font-mono text-fg">$12,345.67</span>
          </p>
        </SettingsSection>
      </div>
    </PageFrame>
  );
}

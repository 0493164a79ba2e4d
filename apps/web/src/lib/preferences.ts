import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export type ThemeMode = 'dark' | 'light';

interface PreferencesState {
  theme: ThemeMode;
  privacyMode: boolean;
  setTheme: (theme: ThemeMode) => void;
  setPrivacyMode: (on: boolean) => void;
}

/** Appearance choices are per device, so they live in local storage, not on the server. */
export const usePreferences = create<PreferencesState>()(
  persist(
    (set) => ({
      theme: 'dark',
      privacyMode: false,
      setTheme: (theme) => set({ theme }),
      setPrivacyMode: (privacyMode) => set({ privacyMode }),
    }),
    {
      name: 'exit-liquidity-preferences',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ theme, privacyMode }) => ({ theme, privacyMode }),
    },
  ),
);

/** Mirrors the choices onto <html>, where the CSS variables and the privacy blur read them. */
export function applyPreferences(
  { theme, privacyMode }: Pick<PreferencesState, 'theme' | 'privacyMode'>,
  root: HTMLElement = document.documentElement,
): void {
  root.dataset.theme = theme;
  root.dataset.privacy = privacyMode ? 'on' : 'off';
  root.classList.toggle('dark', theme === 'dark');
}

import { expect, type Locator, type Page } from '@playwright/test';

export const navEntries = [
  { name: 'Terminal', path: '/' },
  { name: 'Metrics', path: '/dashboard' },
  { name: 'Projections', path: '/projections' },
  { name: 'Oracle', path: '/insights' },
] as const;

/** The authenticated layout: main navigation and the user menu. */
export class AppShell {
  readonly nav: Locator;
  readonly userMenu: Locator;

  constructor(private readonly page: Page) {
    this.nav = page.getByRole('navigation', { name: 'Main' });
    this.userMenu = page.getByRole('button', { name: /user menu/i });
  }

  async expectSignedIn(): Promise<void> {
    await expect(this.nav).toBeVisible();
    for (const entry of navEntries) {
      await expect(this.nav.getByRole('link', { name: entry.name, exact: true })).toBeVisible();
    }
    await expect(this.userMenu).toBeVisible();
  }

  async openUserMenu(): Promise<Locator> {
    await this.userMenu.click();
    const menu = this.page.getByRole('menu');
    await expect(menu).toBeVisible();
    return menu;
  }

  async logout(): Promise<void> {
    const menu = await this.openUserMenu();
    await menu.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(this.page).toHaveURL(/\/landing$/);
  }

  async sessionIsAuthenticated(): Promise<boolean> {
    const res = await this.page.request.get('/api/auth/session-status');
    const body = (await res.json()) as { is_authenticated: boolean };
    return body.is_authenticated;
  }
}

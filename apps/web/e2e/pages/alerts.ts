import { expect, type Locator, type Page } from '@playwright/test';

/** The "Create alert" dialog (features/alerts). */
export class AlertDialogModel {
  readonly dialog: Locator;

  constructor(private readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: /create alert|edit alert/i });
  }

  async open(): Promise<void> {
    await this.page.getByRole('button', { name: 'Create alert' }).click();
    await expect(this.dialog).toBeVisible();
  }

  async fill(condition: { left: string; op: string; rightValue: string }): Promise<void> {
    await this.dialog.getByLabel('Left metric').selectOption({ label: condition.left });
    await this.dialog.getByLabel('Condition').selectOption({ label: condition.op });
    await this.dialog.getByLabel('Right metric').selectOption({ label: 'Constant value' });
    await this.dialog.getByLabel('Right value').fill(condition.rightValue);
  }

  async submit(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Create alert' }).click();
    await expect(this.dialog).toBeHidden();
  }
}

/** The user menu's badge and the Alerts panel. */
export class AlertsPanelModel {
  readonly userMenu: Locator;
  readonly badge: Locator;
  readonly panel: Locator;

  constructor(private readonly page: Page) {
    this.userMenu = page.getByRole('button', { name: 'User menu' });
    this.badge = this.userMenu.getByRole('status');
    this.panel = page.getByRole('region', { name: 'Alerts', exact: true });
  }

  async open(): Promise<void> {
    await this.userMenu.click();
    await this.page.getByRole('menuitem', { name: /Alerts/ }).click();
    await expect(this.panel).toBeVisible();
  }

  notification(coin: string, unread = true): Locator {
    return this.panel.getByRole('button', { name: new RegExp(`^${unread ? 'Unread: ' : ''}${coin},`) });
  }
}

/** /alerts */
export class AlertsListPage {
  readonly list: Locator;

  constructor(private readonly page: Page) {
    this.list = page.getByRole('region', { name: 'Your alerts' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/alerts');
    await expect(this.page.getByRole('heading', { name: 'Alerts', level: 1 })).toBeVisible();
  }

  toggle(action: 'Pause' | 'Resume', coin: string): Locator {
    return this.list.getByRole('button', { name: new RegExp(`^${action} alert ${coin}`) });
  }
}

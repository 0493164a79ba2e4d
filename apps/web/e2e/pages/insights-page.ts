import { expect, type Locator, type Page } from '@playwright/test';

/** Seeds through the API as the signed-in page (its cookies and CSRF token). */
export class ApiSeed {
  constructor(private readonly page: Page) {}

  private async send(method: 'POST' | 'PUT', path: string, data: unknown): Promise<{ id?: string }> {
    const token = (await this.page.context().cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
    const response = await this.page.request.fetch(path, { method, data, headers: { 'x-csrftoken': token } });
    expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
    return (await response.json()) as { id?: string };
  }

  post(path: string, data: unknown) {
    return this.send('POST', path, data);
  }
}

export class InsightsPage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto('/insights');
    await expect(this.page.getByRole('heading', { name: 'Oracle' })).toBeVisible();
  }

  get feed(): Locator {
    return this.page.getByRole('list', { name: 'Insights' });
  }

  card(title: string): Locator {
    return this.page.getByRole('article', { name: title });
  }

  async why(title: string): Promise<Locator> {
    await this.card(title).getByRole('button', { name: 'Why?' }).click();
    return this.page.getByRole('region', { name: `Why: ${title}` });
  }
}

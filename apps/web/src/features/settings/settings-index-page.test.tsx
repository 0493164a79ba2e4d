import { describe, expect, it } from 'vitest';
import { installFakeFetch, json } from '@/test/fake-fetch';
import { freshApiClientPerTest } from '@/test/fresh-api-client';
import { renderPage } from '@/test/render-page';
import { screen } from '@/test/testing-library';
import { SettingsIndexPage } from './settings-index-page';

freshApiClientPerTest();

const open = (canAdminister?: boolean) => {
  installFakeFetch({ 'GET /api/v2/settings/': () => json({}, 404) });
  renderPage(<SettingsIndexPage {...(canAdminister === undefined ? {} : { canAdminister })} />, {
    pattern: '/settings',
    path: '/settings',
  });
};

describe('/settings', () => {
  it('shows the Instance page to an account that runs the server', () => {
    open(true);
    expect(screen.getByRole('link', { name: /^Instance/ }).getAttribute('href')).toBe('/settings/instance');
  });

  it('shows no sign of it to anyone else', () => {
    open();
    expect(screen.getByRole('link', { name: /^Profile/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Instance/ })).toBeNull();
    expect(screen.queryByText(/Instance/)).toBeNull();
  });
});

/**
 * Full-page navigations go through this object so tests can observe them; happy-dom
 * and real browsers both leave the page on `location.assign`.
 */
export const browserLocation = {
  assign(url: string): void {
    window.location.assign(url);
  },
  reload(): void {
    window.location.reload();
  },
};

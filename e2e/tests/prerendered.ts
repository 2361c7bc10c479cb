import { expect, type Page } from '@playwright/test';

/**
 * Waits until the app has taken over a page the build prerendered (`/`, `/check` and the cabinet, for an anonymous
 * visitor in kk): the HTML is on screen before the app runs, and until then a click or a drop does nothing. The app
 * drops the mark on `#root` when it hydrates or renders.
 */
export async function appTookOver(page: Page): Promise<void> {
  await expect(page.locator('#root[data-prerendered]')).toHaveCount(0);
}

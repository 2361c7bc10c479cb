import { expect, test } from '@playwright/test';
import { registerWithCompany, signInPage, type Tokens } from './accounts-session';

// The cabinet routes of the foundation issue, now behind login: each test starts signed in with one company.

test.describe('cabinet routes for a signed-in user', () => {
  // One account for the file: codes to one phone are limited to one a minute.
  let tokens: Tokens;

  test.beforeAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    tokens = await registerWithCompany(request);
    await request.dispose();
  });

  test.beforeEach(async ({ page }) => {
    await page.goto('/?lang=en');
    await signInPage(page, tokens);
  });

  test('an unknown cabinet path and a non-numeric edit id show the cabinet not-found page', async ({
    page,
  }) => {
    await page.goto('/cabinet/nope');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Section not found');
    await expect(page.getByRole('navigation', { name: 'Cabinet sections' })).toBeVisible();
    await page.goto('/cabinet/edit/abc');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Section not found');
    await page.goto('/cabinet/edit/12');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit document');
  });

  test('focus moves to the cabinet screen heading after navigation', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Cabinet' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  });

  test('a company list that fails to load shows an error with "Try again", not onboarding', async ({
    page,
  }) => {
    await page.route('**/profile/companies-from-context', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'SERVICE_UNAVAILABLE', message: 'unavailable' }),
      }),
    );
    await page.goto('/cabinet/outgoing');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Could not load your companies');
    await expect(page.getByRole('alert')).toHaveText(
      'The service is temporarily unavailable. Please try again later',
    );
    await expect(page).toHaveURL(/\/cabinet\/outgoing$/);

    await page.unroute('**/profile/companies-from-context');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Outgoing');
    await expect(page.getByRole('navigation', { name: 'Cabinet sections' })).toBeVisible();
  });

  test.describe('at 1400 px', () => {
    test.use({ viewport: { width: 1400, height: 900 } });

    test('bare /cabinet goes to the incoming list', async ({ page }) => {
      await page.goto('/cabinet');
      await expect(page).toHaveURL(/\/cabinet\/incoming$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Incoming');
      await expect(
        page.getByRole('navigation', { name: 'Cabinet sections' }).getByRole('link', { name: 'Incoming' }),
      ).toHaveAttribute('aria-current', 'page');
    });
  });

  test.describe('at 390 px', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('bare /cabinet goes to the mobile main page', async ({ page }) => {
      await page.goto('/cabinet');
      await expect(page).toHaveURL(/\/cabinet\/main$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Home');
    });

    test("the header's bell is a link to the notifications screen, which fits the phone", async ({
      page,
    }) => {
      await page.goto('/cabinet/incoming?lang=en');
      const bell = page.getByRole('banner').getByRole('link', { name: /^Notifications/ });
      await expect(bell).toBeVisible({ timeout: 20_000 });
      await bell.click();
      await expect(page).toHaveURL(/\/cabinet\/notification$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
      await expect(page.getByText('Notifications from the last 30 days.')).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });

    for (const path of [
      '/cabinet/outgoing?lang=kk',
      '/cabinet/onboarding?lang=ru',
      '/cabinet/company/attach',
      '/cabinet/notification?lang=kk',
    ]) {
      test(`${path} fits the narrow screen without horizontal scrolling`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(
          page.getByRole('banner').getByRole('button', { name: /Company|Компания/ }),
        ).toBeVisible();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      });
    }
  });
});

test.describe('anonymous visitors at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the cabinet asks to log in, in a dialog that fits the screen', async ({ page }) => {
    await page.goto('/cabinet/incoming?lang=kk');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Кабинетке кіріңіз');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Электрондық пошта немесе телефон')).toBeFocused();
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Кіру' })).toBeVisible();
  });
});

import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { appTookOver } from './prerendered';

const HERO = {
  kk: 'Құжаттарға ЭЦҚ немесе eGov mobile арқылы онлайн қол қойыңыз',
  ru: 'Подписывайте документы онлайн с ЭЦП или eGov mobile',
  en: 'Sign documents online with an EDS or eGov mobile',
};

async function cookieValue(context: BrowserContext, name: string): Promise<string | undefined> {
  const cookies = await context.cookies();
  return cookies.find((cookie) => cookie.name === name)?.value;
}

type MarkedWindow = Window & { portalLoadMarker?: string };

// A value kept on window survives client-side updates and vanishes on a reload.
async function markWindow(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as MarkedWindow).portalLoadMarker = 'still-here';
  });
}

async function windowMarker(page: Page): Promise<string | undefined> {
  return page.evaluate(() => (window as MarkedWindow).portalLoadMarker);
}

test.describe('portal language', () => {
  test('switching the language is instant and survives a reload', async ({ page, context }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'kk');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HERO.kk);
    await appTookOver(page);
    await markWindow(page);

    await page.getByRole('banner').getByRole('button', { name: 'Русский' }).click();

    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HERO.ru);
    await expect(page.getByRole('navigation', { name: 'Основное меню' })).toBeVisible();
    await expect(page).toHaveTitle('Подписание электронных документов · Qoltanba');
    expect(await windowMarker(page)).toBe('still-here');
    expect(await cookieValue(context, 'lang')).toBe('ru');

    await page.reload();

    expect(await windowMarker(page)).toBeUndefined();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HERO.ru);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Русский' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  // The build carries core's error texts one language at a time: kk's come with the page, ru's on the switch.
  test("core's error texts follow a language switch (each language's chunk loaded on demand)", async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HERO.kk);
    await appTookOver(page);
    await page.getByRole('banner').getByRole('button', { name: 'Русский' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HERO.ru);

    await page.getByRole('banner').getByRole('button', { name: 'Войти' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByLabel('E-mail или телефон').fill('not-a-login');
    await modal.getByRole('button', { name: 'Войти', exact: true }).click();
    await expect(modal.getByText('Неверный e-mail или номер телефона')).toBeVisible();
  });

  test('?lang=kz shows Kazakh over a stored choice and stores it', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'lang', value: 'ru', url: baseURL ?? 'http://127.0.0.1:8181' }]);
    await page.goto('/?lang=kz');
    await expect(page.locator('html')).toHaveAttribute('lang', 'kk');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HERO.kk);
    await expect(page.getByRole('navigation', { name: 'Негізгі мәзір' })).toBeVisible();
    // The prerendered page is on screen before the app runs; the app stores the choice once it does.
    await expect.poll(() => cookieValue(context, 'lang')).toBe('kk');
  });

  test('?lang=en shows English', async ({ page }) => {
    await page.goto('/tariffs?lang=en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Plans');
    await expect(page).toHaveTitle('Plans · Qoltanba');
  });
});

test.describe('portal routes', () => {
  test('an unknown path shows the not-found page', async ({ page }) => {
    await page.goto('/no/such/page?lang=en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await expect(page.getByRole('banner')).toBeVisible();
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await expect(page).toHaveURL(/:\d+\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HERO.en);
  });

  test.describe('at 390 px', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    const pages = [
      { path: '/?lang=ru', menu: 'Основное меню', links: ['Тарифы', 'Проверка подписи', 'Кабинет'] },
      {
        path: '/tariffs?lang=kk',
        menu: 'Негізгі мәзір',
        links: ['Тарифтер', 'Қолтаңбаны тексеру', 'Жеке кабинет'],
      },
      { path: '/check?lang=en', menu: 'Main menu', links: ['Plans', 'Check a signature', 'Cabinet'] },
    ];
    for (const { path, menu, links } of pages) {
      test(`${path} fits the narrow screen without horizontal scrolling`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        // Every main-menu item exists and is wholly on screen, none hidden behind a scroll.
        const nav = page.getByRole('navigation', { name: menu, exact: true });
        await expect(nav.getByRole('link')).toHaveCount(links.length);
        for (const name of links) {
          await expect(nav.getByRole('link', { name, exact: true })).toBeInViewport({ ratio: 1 });
        }
      });
    }
  });
});

test.describe('lastProjectHref cookie', () => {
  test('follows page load, link clicks and history navigation', async ({ page, context }) => {
    await page.goto('/?lang=en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HERO.en);
    await expect.poll(() => cookieValue(context, 'lastProjectHref')).toBe(encodeURIComponent(page.url()));

    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Plans' }).click();
    await expect(page).toHaveURL(/\/tariffs$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Plans');
    await expect.poll(() => cookieValue(context, 'lastProjectHref')).toBe(encodeURIComponent(page.url()));

    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Check a signature' })
      .click();
    await expect(page).toHaveURL(/\/check$/);
    await expect.poll(() => cookieValue(context, 'lastProjectHref')).toBe(encodeURIComponent(page.url()));

    await page.goBack();
    await expect(page).toHaveURL(/\/tariffs$/);
    await expect.poll(() => cookieValue(context, 'lastProjectHref')).toBe(encodeURIComponent(page.url()));

    const cookie = (await context.cookies()).find((entry) => entry.name === 'lastProjectHref');
    expect(cookie?.path).toBe('/');
    // About 24 hours from now.
    const hoursLeft = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(23.5);
    expect(hoursLeft).toBeLessThanOrEqual(24);
  });
});

test.describe('page health', () => {
  test('the portal loads and navigates without console errors (CSP included)', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/?lang=en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HERO.en);
    await page.getByRole('link', { name: 'Open the cabinet' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(errors).toEqual([]);
  });
});

test.describe('accessibility basics', () => {
  test('the skip link is the first tab stop and moves to <main>', async ({ page }) => {
    await page.goto('/?lang=en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HERO.en);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await skip.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
  });

  test('focus moves to the new screen heading after navigation', async ({ page }) => {
    await page.goto('/?lang=en');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Plans' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Plans');
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  });
});

import { expect, type Locator, type Page, test } from '@playwright/test';
import { registerWithCompany, signInPage, type Tokens } from './accounts-session';

// The header must fit from the smallest tablet to desktop in every language, Kazakh having the longest
// labels: no horizontal scroll, and every main-menu link fully on screen on one line.

const WIDTHS = [600, 768, 1024, 1280];
const MENU = {
  kk: { name: 'Негізгі мәзір', links: ['Тарифтер', 'Қолтаңбаны тексеру', 'Жеке кабинет'] },
  ru: { name: 'Основное меню', links: ['Тарифы', 'Проверка подписи', 'Кабинет'] },
  en: { name: 'Main menu', links: ['Plans', 'Check a signature', 'Cabinet'] },
} as const;
type Lang = keyof typeof MENU;
const LANGS = Object.keys(MENU) as Lang[];

// An NCA TEST individual no other browser test asks codes for (one SMS code a minute per phone).
const HEADER_PARTY = { iin: '123456789012', phone: '+77000000012' };

async function expectHeaderFits(page: Page, lang: Lang, width: number): Promise<void> {
  const where = `${lang} at ${width} px`;
  await page.setViewportSize({ width, height: 800 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `horizontal scroll, ${where}`).toBe(0);
  const menu = page.getByRole('navigation', { name: MENU[lang].name });
  const links = menu.getByRole('link');
  await expect(links).toHaveCount(MENU[lang].links.length);
  const tops = new Set<number>();
  for (const label of MENU[lang].links) {
    const link = menu.getByRole('link', { name: label, exact: true });
    await expect(link, `${label}, ${where}`).toBeInViewport({ ratio: 1 });
    const box = await link.boundingBox();
    // One line: a wrapped label would make the link taller than its 44 px minimum.
    expect(box?.height, `${label} on one line, ${where}`).toBeLessThanOrEqual(48);
    tops.add(Math.round(box?.y ?? -1));
  }
  expect(tops.size, `main menu on one row, ${where}`).toBe(1);
}

/** The brand, the language switch and the account control share the first row, all on screen. */
async function expectFirstRow(page: Page, account: Locator, where: string): Promise<void> {
  const banner = page.getByRole('banner');
  const brand = await middleOf(banner.getByRole('link').first());
  for (const [name, control] of [
    ['language switch', banner.getByRole('group')],
    ['account', account],
  ] as const) {
    await expect(control, `${name}, ${where}`).toBeInViewport({ ratio: 1 });
    expect(Math.abs((await middleOf(control)) - brand), `${name} beside the brand, ${where}`).toBeLessThan(4);
  }
}

async function middleOf(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not rendered');
  return box.y + box.height / 2;
}

test.describe('header fits at tablet and desktop widths', () => {
  test('anonymous, in Kazakh, Russian and English', async ({ page }) => {
    for (const lang of LANGS) {
      await page.goto(`/?lang=${lang}`);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      const login = page.getByRole('banner').getByRole('button').last();
      for (const width of WIDTHS) {
        await expectHeaderFits(page, lang, width);
        await expectFirstRow(page, login, `${lang} at ${width} px`);
      }
    }
  });

  test.describe('signed in with a company', () => {
    let tokens: Tokens;

    test.beforeAll(async ({ playwright, baseURL }) => {
      const request = await playwright.request.newContext({ baseURL });
      tokens = await registerWithCompany(request, HEADER_PARTY);
      await request.dispose();
    });

    test('in the cabinet, in Kazakh, Russian and English', async ({ page }) => {
      await signInPage(page, tokens);
      for (const lang of LANGS) {
        await page.goto(`/cabinet/incoming?lang=${lang}`);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        const account = page.getByRole('banner').getByRole('button', { name: /.+/ }).last();
        await expect(account).toBeVisible();
        for (const width of WIDTHS) {
          await expectHeaderFits(page, lang, width);
          await expectFirstRow(page, account, `${lang} at ${width} px`);
        }
      }
    });
  });
});

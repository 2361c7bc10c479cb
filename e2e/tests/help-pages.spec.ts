import { expect, test } from '@playwright/test';
import { type HelpConfig, LANGS, type Lang, SUPPORT_PATHS } from '@qoltanba/core';

// The help page per language (SPEC section 1) that the help widget's "Help centre" opens: it used to be a 404.
// Each language's page has its own text and every section; the footer and a signing failure link to it.

const TITLES: Record<Lang, string> = { kk: 'Анықтама', ru: 'Помощь', en: 'Help' };
const NCALAYER: Record<Lang, string> = {
  kk: 'NCALayer арқылы қол қою (ЭЦҚ)',
  ru: 'Подпись через NCALayer (ЭЦП)',
  en: 'Signing with NCALayer (EDS)',
};
const SECTIONS = ['ncalayer', 'egov-mobile', 'verify', 'tariffs', 'faq'];

test.describe('help pages', () => {
  for (const lang of LANGS) {
    test(`the help widget's help page in ${lang} is a real page with every section`, async ({
      page,
      request,
    }) => {
      const config = (await (await request.get(SUPPORT_PATHS.helpConfig)).json()) as HelpConfig;
      const address = new URL(config.helpPages[lang]);
      expect(address.pathname).toBe(`/help/${lang}`);

      await page.goto(address.pathname);
      const article = page.locator('article[data-route="Help"]');
      await expect(article).toHaveAttribute('lang', lang);
      await expect(page.getByRole('heading', { level: 1, name: TITLES[lang] })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: NCALAYER[lang] })).toBeVisible();
      for (const id of SECTIONS) await expect(article.locator(`section#${id} h2`)).toBeVisible();
      await expect(article.locator('section#ncalayer li')).not.toHaveCount(0);

      // The other languages' pages are one click away, and the footer links the interface language's page.
      const others = LANGS.filter((other) => other !== lang);
      for (const other of others)
        await expect(article.locator(`a[hreflang="${other}"]`)).toHaveAttribute('href', `/help/${other}`);
    });
  }

  test('an unknown help language is the not-found page, and the footer links the help page', async ({
    page,
  }) => {
    await page.goto('/help/de?lang=en');
    await expect(page.locator('article[data-route="Help"]')).toHaveCount(0);
    await page.goto('/check?lang=ru');
    const footerHelp = page.getByRole('contentinfo').getByRole('link', { name: 'Помощь' });
    await expect(footerHelp).toHaveAttribute('href', '/help/ru');
    await footerHelp.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Помощь' })).toBeVisible();
  });
});

import { PARTNER_PATHS } from '@qoltanba/core';
import { signInPage } from './accounts-session';
import { expect, test } from './company-admin';

// Issue 22's rough edge "the API keys table breaks words ('Sta tus')": beside a long origin, no word of the table is
// split over two lines, on a phone and at desktop width, in kk, ru and en. API keys are the company administrator's,
// so the spec runs on a server of its own where its user attached АО "ТЕСТ" first (company-admin.ts).

test('the API keys table breaks no word beside a long origin, on a phone and at desktop width', async ({
  page,
  request,
  companyAdministrator,
}) => {
  const long = `https://${'partner-shop.'.repeat(6)}example.kz`;
  const created = await request.post(PARTNER_PATHS.apiKeys.replace(':bin', companyAdministrator.bin), {
    headers: { Authorization: `Bearer ${companyAdministrator.tokens.access_token}` },
    data: { name: 'Shop', allowedOrigins: [long], webhookUrl: `${long}/webhooks/qoltanba` },
  });
  expect(created.ok(), await created.text()).toBe(true);
  await signInPage(page, companyAdministrator.tokens);
  for (const width of [412, 1024]) {
    await page.setViewportSize({ width, height: 900 });
    for (const lang of ['kk', 'ru', 'en']) {
      await page.goto(`/cabinet/company/api-keys?lang=${lang}`);
      const table = page.getByRole('table');
      await expect(table.getByRole('row')).not.toHaveCount(0);
      await expect(table).toContainText('Shop');
      // A word split over two lines has two client rectangles; the origin and the URL may wrap, words may not (a line
      // may break after a hyphen, as in a key's random prefix 'qk_-EOsTE6C', so hyphens end a word here).
      const broken = await table.evaluate((element) => {
        const found: string[] = [];
        for (const cell of element.querySelectorAll('th, td')) {
          const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const text = node.textContent ?? '';
            for (const match of text.matchAll(/[^\s/-]+/g)) {
              if (match[0].length > 20) continue;
              const range = document.createRange();
              range.setStart(node, match.index);
              range.setEnd(node, match.index + match[0].length);
              if (range.getClientRects().length > 1) found.push(match[0]);
            }
          }
        }
        return found;
      });
      expect(broken, `words broken at ${width} px, ${lang}`).toEqual([]);
    }
  }
});

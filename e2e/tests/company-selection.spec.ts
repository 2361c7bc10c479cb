import { expect, type Page, test } from '@playwright/test';
import {
  attachByIinByApi,
  registerByApi,
  setMainCompanyByApi,
  signInPage,
  type Tokens,
  uniqueEmail,
} from './accounts-session';

// SPEC section 4, company selection: after the list loads, the stored bin when it is in the list, otherwise
// the first company; nothing for an empty list; the main company is used while no bin is selected.

// A sole proprietor and an individual of the server's fixture registers, with their linked phones. Attach
// codes are keyed per account, so other tests attaching them do not delay these.
const FIRST = { iin: '850312300459', phone: '+77011234567', name: 'ИП Бекова А. С.' };
const SECOND = { iin: '920715401122', phone: '+77027654321', name: 'Ахметов Д. Е.' };
// A real BIN of the fixture register that the account is not a member of.
const FOREIGN_BIN = '990340005977';

function register(request: Parameters<typeof registerByApi>[0], label: string): Promise<Tokens> {
  return registerByApi(request, {
    email: uniqueEmail(label),
    password: 'Qoltanba-e2e-2026',
    firstname: 'Dana',
    lastname: 'Sultan',
  });
}

/** Opens the cabinet signed in with `tokens`, with `storedBin` (or nothing) as the stored selection. */
async function openCabinet(page: Page, tokens: Tokens, storedBin: string | null): Promise<void> {
  // A same-origin page without the app, so no running portal rewrites the storage set up here.
  await page.goto('/healthz');
  await page.evaluate((bin) => {
    localStorage.clear();
    if (bin !== null) localStorage.setItem('selectedCompanyBin', bin);
  }, storedBin);
  await signInPage(page, tokens);
  await page.goto('/cabinet?lang=en');
}

const storedSelection = (page: Page) => page.evaluate(() => localStorage.getItem('selectedCompanyBin'));

test.describe('company selection', () => {
  test.use({ viewport: { width: 1400, height: 900 } });

  test('two companies: the main one without a stored selection, the first for a bin not in the list', async ({
    page,
    request,
  }) => {
    const tokens = await register(request, 'selection');
    // The first company attached becomes the main one.
    await attachByIinByApi(request, tokens, FIRST);
    await attachByIinByApi(request, tokens, SECOND);
    const switcher = page.getByRole('banner').getByRole('button', { name: /Company/ });

    await openCabinet(page, tokens, null);
    await expect(page).toHaveURL(/\/cabinet\/incoming$/);
    await expect(switcher).toContainText(FIRST.name);
    expect(await storedSelection(page)).toBe(FIRST.iin);

    // A stored bin that is not in the list: the first company, and that is what gets stored.
    await openCabinet(page, tokens, FOREIGN_BIN);
    await expect(switcher).toContainText(FIRST.name);
    await expect.poll(() => storedSelection(page)).toBe(FIRST.iin);

    // A stored bin in the list wins over the first and the main company.
    await openCabinet(page, tokens, SECOND.iin);
    await expect(switcher).toContainText(SECOND.name);
    expect(await storedSelection(page)).toBe(SECOND.iin);

    // The second made main, no stored selection: SPEC section 4 selects the first company of the list.
    await setMainCompanyByApi(request, tokens, SECOND.iin);
    await openCabinet(page, tokens, null);
    await expect(switcher).toContainText(FIRST.name);
    await expect.poll(() => storedSelection(page)).toBe(FIRST.iin);

    // A third company: the switcher's last entry and the services screen lead to the add screen.
    await switcher.click();
    await page.getByRole('option', { name: 'Add company' }).click();
    await expect(page).toHaveURL(/\/cabinet\/company\/add$/);
    await page.goto('/cabinet/services?lang=en');
    await page.getByRole('main').getByRole('link', { name: 'Add a company' }).click();
    await expect(page).toHaveURL(/\/cabinet\/company\/add$/);
  });

  test('no companies: the cabinet starts with onboarding and no company is selected', async ({
    page,
    request,
  }) => {
    const tokens = await register(request, 'no-company');
    await openCabinet(page, tokens, FOREIGN_BIN);
    await expect(page).toHaveURL(/\/cabinet\/onboarding$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Getting started');
    await expect(page.getByRole('banner').getByRole('button', { name: /Company/ })).toHaveCount(0);
    await expect.poll(() => storedSelection(page)).toBeNull();
  });
});

import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  codeSentAfter,
  lastOutboxId,
  registerByApi,
  revokeSessionOf,
  signInPage,
  uniqueEmail,
} from './accounts-session';

// A sole proprietor and an individual of the server's fixture registers (modules/registry), with their phones.
const PERSON_A = { iin: '850312300459', phone: '+77011234567', name: 'ИП Бекова А. С.' };
const PERSON_B = { iin: '920715401122', phone: '+77027654321', name: 'Ахметов Д. Е.' };

const PASSWORD = 'Qoltanba-e2e-2026';

function dialog(page: Page): Locator {
  return page.getByRole('dialog');
}

async function openLogin(page: Page): Promise<Locator> {
  await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
  const modal = dialog(page);
  await expect(modal.getByRole('heading', { name: 'Log in' })).toBeVisible();
  return modal;
}

async function logOutThroughMenu(page: Page): Promise<void> {
  await page
    .getByRole('banner')
    .getByRole('button', { name: /User menu/ })
    .click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible();
}

async function expectSignedIn(page: Page, firstname: string): Promise<void> {
  await expect(dialog(page)).toBeHidden();
  await expect(
    page.getByRole('banner').getByRole('button', { name: new RegExp(`User menu: ${firstname}`) }),
  ).toBeVisible();
}

test.describe('accounts', () => {
  test.use({ viewport: { width: 1400, height: 900 } });

  test('a visitor registers by e-mail, logs out, logs in by password, then by code', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('register');
    await page.goto('/?lang=en');

    // Registration: e-mail -> code from the dev outbox -> name and password.
    let modal = await openLogin(page);
    await modal.getByRole('button', { name: 'Register' }).click();
    await expect(modal.getByRole('heading', { name: 'Registration' })).toBeVisible();
    let before = await lastOutboxId(request, email);
    await modal.getByLabel('E-mail or phone').fill(email);
    await modal.getByRole('button', { name: 'Send code' }).click();
    const registrationCode = await codeSentAfter(request, email, before);
    await modal.getByLabel('Confirmation code').fill(registrationCode);
    await expect(modal.getByLabel('First name')).toBeVisible();
    await modal.getByLabel('First name').fill('Aigerim');
    await modal.getByLabel('Last name').fill('Seitkali');
    await modal.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await modal.getByLabel('Repeat the password').fill(PASSWORD);
    await modal.getByRole('button', { name: 'Create account' }).click();
    await expectSignedIn(page, 'Aigerim');
    // A new account lands in the cabinet (/ -> /cabinet -> its home): a menu opened mid-way closes on navigation.
    await expect(page).toHaveURL(/\/cabinet\/\w+/);

    await logOutThroughMenu(page);

    // Password login.
    modal = await openLogin(page);
    await modal.getByLabel('E-mail or phone').fill(email);
    await modal.getByLabel('Password', { exact: true }).fill('wrong-password-1');
    await modal.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(modal.getByText('Invalid password')).toBeVisible();
    await modal.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await modal.getByRole('button', { name: 'Log in', exact: true }).click();
    await expectSignedIn(page, 'Aigerim');

    await logOutThroughMenu(page);

    // One-time code login.
    modal = await openLogin(page);
    await modal.getByRole('tab', { name: 'Code' }).click();
    await modal.getByLabel('E-mail or phone').fill(email);
    before = await lastOutboxId(request, email);
    await modal.getByRole('button', { name: 'Send code' }).click();
    const loginCode = await codeSentAfter(request, email, before);
    await modal.getByLabel('Confirmation code').fill(loginCode);
    await expectSignedIn(page, 'Aigerim');

    // Signed in without a company: the cabinet starts with onboarding.
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: /Cabinet/ })
      .click();
    await expect(page).toHaveURL(/\/cabinet\/onboarding$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Getting started');
  });

  test('an anonymous visit to the cabinet asks to log in and then shows the requested screen', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('gate');
    await registerByApi(request, { email, password: PASSWORD, firstname: 'Dana', lastname: 'Nurlanova' });
    await page.goto('/cabinet/profile?lang=en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in to your cabinet');
    const modal = dialog(page);
    await expect(modal).toBeVisible();
    await modal.getByLabel('E-mail or phone').fill(email);
    await modal.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await modal.getByRole('button', { name: 'Log in', exact: true }).click();
    await expectSignedIn(page, 'Dana');
    await expect(page).toHaveURL(/\/cabinet\/profile(\?|$)/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My profile');
  });

  test('attach by IIN, and the company switcher follows the selection rules', async ({ page, request }) => {
    const tokens = await registerByApi(request, {
      email: uniqueEmail('attach'),
      password: PASSWORD,
      firstname: 'Marat',
      lastname: 'Akhmetov',
    });
    await page.goto('/?lang=en');
    await signInPage(page, tokens);

    const attach = async (person: typeof PERSON_A) => {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Attach by IIN');
      await page.getByLabel('IIN', { exact: true }).fill(person.iin);
      await page.getByLabel('Phone number').fill(person.phone);
      const before = await lastOutboxId(request, person.phone);
      await page.getByRole('button', { name: 'Send code' }).click();
      const code = await codeSentAfter(request, person.phone, before);
      // A complete code confirms by itself.
      await page.getByLabel('Confirmation code').fill(code);
      await expect(page).toHaveURL(/\/cabinet\/incoming$/);
    };

    // No company yet: onboarding, then attach by IIN; a wrong phone is refused with the catalogue text.
    await page.goto('/cabinet');
    await expect(page).toHaveURL(/\/cabinet\/onboarding$/);
    await page.getByRole('link', { name: /Attach by IIN/ }).click();
    await page.getByLabel('IIN', { exact: true }).fill(PERSON_A.iin);
    await page.getByLabel('Phone number').fill('+7 700 000 00 00');
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(
      page.getByText('The phone number does not match the number linked to the IIN in the state database'),
    ).toBeVisible();
    await attach(PERSON_A);

    const switcher = page.getByRole('banner').getByRole('button', { name: /Company/ });
    await expect(switcher).toContainText(PERSON_A.name);

    // A second company: the stored selection (the first) is kept.
    await page.goto('/cabinet/company/attach');
    await attach(PERSON_B);
    await expect(switcher).toContainText(PERSON_A.name);

    // Choose the second; the choice survives a reload.
    await switcher.click();
    await page.getByRole('option', { name: PERSON_B.name }).click();
    await expect(switcher).toContainText(PERSON_B.name);
    await page.reload();
    await expect(switcher).toContainText(PERSON_B.name);
    expect(await page.evaluate(() => localStorage.getItem('selectedCompanyBin'))).toBe(PERSON_B.iin);

    // On a document-editing screen the switcher is locked, with the reason.
    await page.goto('/cabinet/edit/12');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit document');
    await expect(switcher).toHaveAttribute('aria-disabled', 'true');
    await expect(switcher).toHaveAttribute('title', 'You cannot switch company while editing a document');
    // aria-disabled keeps it focusable; a forced click must still open nothing.
    await switcher.click({ force: true });
    await expect(page.getByRole('listbox')).toHaveCount(0);
  });

  test('a 401 from the API sends the user to /', async ({ page, request }) => {
    const tokens = await registerByApi(request, {
      email: uniqueEmail('revoked'),
      password: PASSWORD,
      firstname: 'Erlan',
      lastname: 'Tulegenov',
    });
    await page.goto('/cabinet/profile?lang=en');
    await signInPage(page, tokens);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My profile');

    await revokeSessionOf(page, request);
    // Switching language tells the server the new profile language: an authenticated call, answered 401.
    await page.getByRole('banner').getByRole('button', { name: 'Русский' }).click();

    await expect(page).toHaveURL(/:\d+\/$/);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Войти' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'GATEWAY')).toBeUndefined();
  });
});

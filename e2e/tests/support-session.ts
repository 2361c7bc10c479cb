import { type Browser, expect, type Locator, type Page } from '@playwright/test';
import { signInPage, type Tokens } from './accounts-session';

// The help widget's chat and the operators' inbox as a user meets them: shared by support-chat.spec.ts and
// instances.spec.ts.

/** The help widget's floating button (its name says the unread count when there is one). */
export const launcher = (page: Page, name: string | RegExp = 'Help'): Locator =>
  page.getByRole('button', { name, exact: typeof name === 'string' });
/** The help widget's open panel. */
export const panel = (page: Page): Locator => page.getByRole('dialog', { name: 'How can we help?' });
/** The chat's message log in the panel. */
export const chatLog = (page: Page): Locator => panel(page).getByRole('log', { name: 'Online chat' });

/** Opens the help widget on its chat. */
export async function openWidget(page: Page): Promise<void> {
  await launcher(page).click();
  await expect(panel(page)).toBeVisible();
  await expect(panel(page).getByRole('heading', { name: 'Online chat' })).toBeVisible();
}

/** Writes `text` in the widget's chat and waits until it shows in the log. */
export async function writeInWidget(page: Page, text: string): Promise<void> {
  await panel(page).getByLabel('Message').fill(text);
  await panel(page).getByRole('button', { name: 'Send', exact: true }).click();
  await expect(chatLog(page).getByText(text, { exact: true })).toBeVisible();
}

/** An operator's new page on `origin`, signed in with `tokens`, on the support inbox. */
export async function openOperatorInbox(browser: Browser, origin: string, tokens: Tokens): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await page.goto(`${origin}/?lang=en`);
  await signInPage(page, tokens);
  await page.goto(`${origin}/cabinet/support?lang=en`);
  await expect(page.getByRole('heading', { name: 'Conversations' })).toBeVisible();
  return page;
}

/** The inbox row of the conversation whose last message is `text`. */
export const inboxRow = (page: Page, text: string): Locator =>
  page.getByRole('main').getByRole('link').filter({ hasText: text });

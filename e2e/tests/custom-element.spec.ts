import { expect, type Page, test } from '@playwright/test';

/** A plain host page that knows nothing about React: one script tag and the element. */
const HOST_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Partner page</title>
    <script type="module" src="/widgets/elements.js"></script>
  </head>
  <body>
    <header><qoltanba-language-switch></qoltanba-language-switch></header>
  </body>
</html>`;

interface SeenEvent {
  lang: unknown;
  bubbles: boolean;
  composed: boolean;
  target: string;
}

type RecordingWindow = Window & { seenEvents?: SeenEvent[] };

// Rendering is asynchronous: wait until the element has drawn its buttons in its shadow root.
async function openHostPage(page: Page): Promise<void> {
  await page.goto('/__fixture');
  await page.waitForFunction(
    () =>
      (document.querySelector('qoltanba-language-switch')?.shadowRoot?.querySelectorAll('button').length ??
        0) === 3,
  );
  await page.evaluate(() => {
    const win = window as RecordingWindow;
    win.seenEvents = [];
    document.addEventListener('qoltanba-language-change', (event) => {
      win.seenEvents?.push({
        lang: (event as CustomEvent<{ lang: string }>).detail.lang,
        bubbles: event.bubbles,
        composed: event.composed,
        target: (event.target as Element).tagName.toLowerCase(),
      });
    });
  });
}

const seenEvents = (page: Page) => page.evaluate(() => (window as RecordingWindow).seenEvents ?? []);

test.beforeEach(async ({ page }) => {
  await page.route('**/__fixture', (route) => route.fulfill({ contentType: 'text/html', body: HOST_PAGE }));
});

test('renders inside an open shadow root with the adopted widget styles', async ({ page }) => {
  await openHostPage(page);
  const shadow = await page.locator('qoltanba-language-switch').evaluate((host) => ({
    mode: host.shadowRoot?.mode,
    adopted: host.shadowRoot?.adoptedStyleSheets.length ?? 0,
    lightDomButtons: document.querySelectorAll('button').length,
  }));
  // Two sheets: the runtime's shared widget CSS and the element's own (built into its chunk).
  expect(shadow).toEqual({ mode: 'open', adopted: 2, lightDomButtons: 0 });

  const kk = page.getByRole('button', { name: 'Қазақша' });
  await expect(kk).toHaveAttribute('aria-pressed', 'true');
  // Primary blue #1a5fd1 and white text come only from the adopted sheet.
  await expect(kk).toHaveCSS('background-color', 'rgb(26, 95, 209)');
  await expect(kk).toHaveCSS('color', 'rgb(255, 255, 255)');
  await expect(page.getByRole('group', { name: 'Тілді таңдаңыз' })).toHaveCSS('border-top-style', 'solid');
});

test('clicking Русский fires qoltanba-language-change once and updates the pressed state', async ({
  page,
}) => {
  await openHostPage(page);
  expect(await seenEvents(page)).toEqual([]);

  await page.getByRole('button', { name: 'Русский' }).click();

  await expect(page.getByRole('button', { name: 'Русский' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Қазақша' })).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('group', { name: 'Выберите язык' })).toBeVisible();
  expect(await seenEvents(page)).toEqual([
    { lang: 'ru', bubbles: true, composed: true, target: 'qoltanba-language-switch' },
  ]);

  // Choosing the language already chosen is not a change.
  await page.getByRole('button', { name: 'Русский' }).click();
  expect(await seenEvents(page)).toHaveLength(1);
});

test('is keyboard operable with a visible focus ring', async ({ page }) => {
  await openHostPage(page);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Қазақша' })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Қазақша' })).toHaveCSS('outline-style', 'solid');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  const en = page.getByRole('button', { name: 'English' });
  await expect(en).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(en).toHaveAttribute('aria-pressed', 'true');
  expect((await seenEvents(page)).map((event) => event.lang)).toEqual(['en']);
});

test('host pages theme it through --qoltanba-* custom properties', async ({ page }) => {
  await openHostPage(page);
  await page.addStyleTag({
    content: 'qoltanba-language-switch { --qoltanba-color-primary: rgb(0, 128, 0); }',
  });
  await expect(page.getByRole('button', { name: 'Қазақша' })).toHaveCSS('background-color', 'rgb(0, 128, 0)');
});

test('fits a 390 px wide phone screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openHostPage(page);
  const box = await page.getByRole('group', { name: 'Тілді таңдаңыз' }).boundingBox();
  expect(box?.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

/** A host page with the verification element alone, from its own script. */
const VERIFY_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Partner page</title>
    <script type="module" src="/widgets/elements/qoltanba-verify.js"></script>
  </head>
  <body><qoltanba-verify lang="ru"></qoltanba-verify></body>
</html>`;

test('<qoltanba-verify> loads only its language, and another one when `lang` changes', async ({ page }) => {
  const texts: string[] = [];
  page.on('request', (request) => {
    const file = /\/widgets\/elements\/texts-(kk|ru|en)-/.exec(request.url());
    if (file?.[1]) texts.push(file[1]);
  });
  await page.route('**/__verify', (route) => route.fulfill({ contentType: 'text/html', body: VERIFY_PAGE }));
  await page.goto('/__verify');
  await expect(page.getByText('выберите файлы', { exact: true })).toBeVisible();
  expect(texts).toEqual(['ru']);

  await page.locator('qoltanba-verify').evaluate((element) => element.setAttribute('lang', 'en'));
  await expect(page.getByText('choose files', { exact: true })).toBeVisible();
  expect(texts).toEqual(['ru', 'en']);
});

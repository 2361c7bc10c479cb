import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { expect, type Page, test } from '@playwright/test';
import { HELP_WIDGET_SCRIPT, type HelpConfig, SUPPORT_PATHS } from '@qoltanba/core';
import { HELP_QUEUE_STUB } from '@qoltanba/help-widget';

// The help widget's script tag on a partner page of another origin (a tiny server of this spec serves the page, the
// widget comes from the Qoltanba server): the loader, the panel module it imports from beside itself, and what they
// do to (and suffer from) the host page. The server's help config is stubbed here, so the spec holds whatever the
// support module answers; the support chat end to end is support-chat.spec.ts.

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

const HELP_CONFIG: HelpConfig = {
  helpPages: {
    kk: 'https://help.qoltanba.test/kk/help',
    ru: 'https://help.qoltanba.test/ru/help',
    en: 'https://help.qoltanba.test/en/help',
  },
  whatsapp: 'https://wa.me/77001234567',
  telegram: 'https://t.me/qoltanba_support',
  chat: true,
};

const STUB = `<script>${HELP_QUEUE_STUB}</script>`;

/** A partner page: some content of its own, optional CSS, optional script before the widget, and the widget. */
function hostPage(
  serverUrl: string,
  options: { css?: string; before?: string; widget?: string } = {},
): string {
  const widget =
    options.widget ?? `${STUB}<script async src="${serverUrl}${HELP_WIDGET_SCRIPT}" data-lang="kk"></script>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Partner page</title><style>${options.css ?? ''}</style></head>
<body>
  <h1 id="title">Partner page</h1>
  <p id="text">Some text with <a id="link" href="#x">a link</a>.</p>
  <button id="own-button" type="button">Own button</button>
  <section id="box"><textarea id="own-textarea">own</textarea></section>
  <script>${options.before ?? ''}</script>
  ${widget}
</body></html>`;
}

// Everything a rule on the page could try to change.
const AGGRESSIVE_CSS = `
html { font-size: 40px; line-height: 3; letter-spacing: 4px; word-spacing: 12px; text-transform: uppercase;
    text-align: right; font-style: italic; cursor: wait; }
* { font-family: "Comic Sans MS", cursive !important; color: red !important; letter-spacing: 4px !important;
    text-transform: uppercase !important; box-sizing: content-box !important; line-height: 3 !important; }
body { background: #111 !important; }
button, a, textarea, div, section, h2, p, ul, li, svg, span { background: lime !important;
    border: 5px dashed red !important; padding: 30px !important; margin: 20px !important; }
qoltanba-help, body > * { display: none !important; position: static !important; opacity: 0 !important;
    transform: scale(2) !important; width: 500px !important; height: 500px !important; z-index: -1 !important; }
`;

const PROPERTIES = [
  'display',
  'cursor',
  'text-align',
  'position',
  'visibility',
  'opacity',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'line-height',
  'letter-spacing',
  'word-spacing',
  'text-transform',
  'color',
  'background-color',
  'border-top-width',
  'border-top-style',
  'padding-top',
  'margin-top',
  'box-sizing',
  'width',
  'height',
];

// Still pictures: the panel's entrance animation would make boxes and colours depend on the moment they are read.
test.use({ contextOptions: { reducedMotion: 'reduce' } });

const PARTNER_PORT = Number(process.env.E2E_HELP_PARTNER_PORT ?? 8296);
const pageUrl = `http://127.0.0.1:${PARTNER_PORT}/`;
let serverUrl = '';
/** What the partner server answers with; each test sets it before it navigates. */
let partnerHtml = '';
let partner: Server;

test.beforeAll(async () => {
  // A real server: Chromium lets a page reach the loopback Qoltanba server only from a loopback origin itself.
  partner = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(partnerHtml);
  });
  await new Promise<void>((resolve) => partner.listen(PARTNER_PORT, '127.0.0.1', resolve));
});

test.afterAll(async () => {
  await new Promise((resolve) => partner.close(resolve));
});

test.beforeEach(async ({ page, baseURL }) => {
  serverUrl = new URL(baseURL ?? 'http://127.0.0.1:8181').origin;
  await page.route(`${serverUrl}${SUPPORT_PATHS.helpConfig}`, (route) =>
    route.fulfill({
      contentType: 'application/json',
      headers: { 'access-control-allow-origin': '*' },
      body: JSON.stringify(HELP_CONFIG),
    }),
  );
});

async function open(page: Page, html: string): Promise<void> {
  partnerHtml = html;
  await page.goto(pageUrl);
}

const launcher = (page: Page, name = 'Көмек') => page.getByRole('button', { name, exact: true });

/** Computed styles and boxes of elements inside the widget's shadow root. */
function widgetStyles(page: Page) {
  return page.evaluate((properties) => {
    const root = document.querySelector('qoltanba-help')?.shadowRoot;
    const selectors = ['.launcher', '.panel', 'h2', '.links a', 'textarea', '.send', '.head button'];
    return Object.fromEntries(
      selectors.map((selector) => {
        const element = root?.querySelector(selector);
        if (!element) return [selector, null];
        const style = getComputedStyle(element);
        const box = element.getBoundingClientRect();
        return [
          selector,
          {
            ...Object.fromEntries(properties.map((name) => [name, style.getPropertyValue(name)])),
            box: [box.x, box.y, box.width, box.height].map(Math.round),
          },
        ];
      }),
    );
  }, PROPERTIES);
}

/** Computed styles and boxes of the host page's own elements. */
function hostStyles(page: Page) {
  return page.evaluate((properties) => {
    const ids = ['title', 'text', 'link', 'own-button', 'box', 'own-textarea'];
    const elements = [
      document.documentElement,
      document.body,
      ...ids.map((id) => document.getElementById(id)),
    ];
    return {
      elements: elements.map((element) => {
        if (!element) return null;
        const style = getComputedStyle(element);
        const box = element.getBoundingClientRect();
        return {
          ...Object.fromEntries(properties.map((name) => [name, style.getPropertyValue(name)])),
          box: [box.x, box.y, box.width, box.height],
        };
      }),
      scroll: [document.documentElement.scrollWidth, document.documentElement.scrollHeight],
      sheets: document.styleSheets.length,
      adopted: document.adoptedStyleSheets.length,
    };
  }, PROPERTIES);
}

async function openPanel(page: Page, name = 'Көмек'): Promise<void> {
  await launcher(page, name).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('link', { name: /Анықтама|Справочный|Help centre/ })).toBeVisible();
}

test('replays calls queued before the script arrived, and a second copy of the script does nothing', async ({
  page,
}) => {
  const script = `<script async src="${serverUrl}${HELP_WIDGET_SCRIPT}" data-lang="kk"></script>`;
  await open(
    page,
    hostPage(serverUrl, {
      widget: `${STUB}<script>
        window.seen = [];
        QoltanbaHelp('setLanguage', 'ru');
        QoltanbaHelp('on', 'open', () => seen.push('open'));
        QoltanbaHelp('open');
      </script>${script}${script.replace('data-lang="kk"', 'data-lang="en"')}`,
    }),
  );
  await expect(page.getByRole('dialog', { name: 'Чем мы можем помочь?' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { seen: string[] }).seen)).toEqual(['open']);
  expect(await page.locator('qoltanba-help').count()).toBe(1);
  await expect(launcher(page, 'Помощь')).toHaveAttribute('aria-expanded', 'true');
});

test('the help link follows the language, also when it changes at run time', async ({ page }) => {
  await open(page, hostPage(serverUrl));
  await openPanel(page);
  const help = page.getByRole('link', { name: /Анықтама орталығы/ });
  await expect(help).toHaveAttribute('href', HELP_CONFIG.helpPages.kk);
  await expect(page.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute(
    'href',
    HELP_CONFIG.whatsapp ?? '',
  );
  await expect(page.getByRole('link', { name: /Telegram/ })).toHaveAttribute(
    'href',
    HELP_CONFIG.telegram ?? '',
  );

  await page.evaluate(() =>
    (window as unknown as { QoltanbaHelp: (...args: unknown[]) => void }).QoltanbaHelp('setLanguage', 'en'),
  );
  await expect(page.getByRole('link', { name: /Help centre/ })).toHaveAttribute(
    'href',
    HELP_CONFIG.helpPages.en,
  );
  await expect(page.getByRole('dialog', { name: 'How can we help?' })).toBeVisible();
  await expect(launcher(page, 'Help')).toBeVisible();
});

test('is keyboard reachable; Escape closes the panel and focus returns to the button', async ({ page }) => {
  await open(page, hostPage(serverUrl));
  await expect(launcher(page)).toBeVisible();
  // The page's own controls first, then the widget's button.
  await page.locator('#own-textarea').focus();
  await page.keyboard.press('Tab');
  await expect(launcher(page)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeFocused();
  // The links arrive with the help config: the tab order is asserted once they are there.
  await expect(page.getByRole('link', { name: /Анықтама орталығы/ })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Жабу' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: /Анықтама орталығы/ })).toBeFocused();

  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(launcher(page)).toBeFocused();
  await expect(launcher(page)).toHaveAttribute('aria-expanded', 'false');
});

test("the host page's CSS does not change the widget", async ({ page }) => {
  await open(page, hostPage(serverUrl));
  await openPanel(page);
  const plain = await widgetStyles(page);
  expect(Object.values(plain).every((style) => style !== null)).toBe(true);

  await open(page, hostPage(serverUrl, { css: AGGRESSIVE_CSS }));
  await openPanel(page);
  expect(await widgetStyles(page)).toEqual(plain);
});

test("the widget's CSS does not reach the host page, and adding it shifts nothing", async ({ page }) => {
  for (const css of ['', 'body { font: 16px/1.5 Georgia, serif; background: #fff; color: #222; }']) {
    // The page first without the widget, then the same page once the widget is there and open.
    await open(page, hostPage(serverUrl, { css, widget: STUB }));
    const before = await hostStyles(page);
    await page.evaluate((src) => {
      const script = document.createElement('script');
      script.async = true;
      script.src = src;
      script.dataset.lang = 'kk';
      document.body.append(script);
    }, `${serverUrl}${HELP_WIDGET_SCRIPT}`);
    await openPanel(page);
    expect(await hostStyles(page)).toEqual(before);
  }
});

const DARK_PAGE = 'html, body { background: #121212; color: #eee; }';
const LIGHT_PANEL = 'rgb(255, 255, 255)';
const DARK_PANEL = 'rgb(27, 31, 36)';

/** The widget's script tag with `data-theme` (none when undefined). */
const themedWidget = (theme: string | undefined) =>
  `${STUB}<script async src="${serverUrl}${HELP_WIDGET_SCRIPT}" data-lang="kk"${theme ? ` data-theme="${theme}"` : ''}></script>`;

const panelBackground = (page: Page) =>
  page.evaluate(() => {
    const panel = document.querySelector('qoltanba-help')?.shadowRoot?.querySelector('.panel');
    return panel ? getComputedStyle(panel).backgroundColor : null;
  });

test('passes axe in the light and the dark theme, on light and dark pages, closed and open', async ({
  page,
}) => {
  const cases = [
    { scheme: 'light', css: '', theme: undefined, panel: LIGHT_PANEL },
    { scheme: 'dark', css: DARK_PAGE, theme: undefined, panel: DARK_PANEL },
    { scheme: 'light', css: DARK_PAGE, theme: 'dark', panel: DARK_PANEL },
    { scheme: 'dark', css: '', theme: 'light', panel: LIGHT_PANEL },
    { scheme: 'light', css: DARK_PAGE, theme: undefined, panel: LIGHT_PANEL },
  ] as const;
  for (const { scheme, css, theme, panel } of cases) {
    await page.emulateMedia({ colorScheme: scheme });
    await open(page, hostPage(serverUrl, { css, widget: themedWidget(theme) }));
    await expect(launcher(page)).toBeVisible();
    await page.addScriptTag({ content: AXE_SOURCE });
    const run = () =>
      page.evaluate(async () => {
        const axe = (
          window as unknown as {
            axe: {
              run(
                context: unknown,
              ): Promise<{ violations: Array<{ id: string; nodes: Array<{ target: unknown }> }> }>;
            };
          }
        ).axe;
        const results = await axe.run({ include: [['qoltanba-help']] });
        return results.violations.map(
          (v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`,
        );
      });
    expect(await run()).toEqual([]);
    await openPanel(page);
    expect(await panelBackground(page), `${scheme} system, data-theme ${theme}`).toBe(panel);
    expect(await run()).toEqual([]);
  }
});

test('follows a change of the system colour scheme while open, unless data-theme pins one', async ({
  page,
}) => {
  for (const [theme, light, dark] of [
    [undefined, LIGHT_PANEL, DARK_PANEL],
    ['light', LIGHT_PANEL, LIGHT_PANEL],
  ] as const) {
    await page.emulateMedia({ colorScheme: 'light' });
    await open(page, hostPage(serverUrl, { widget: themedWidget(theme) }));
    await openPanel(page);
    expect(await panelBackground(page)).toBe(light);
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await panelBackground(page)).toBe(dark);
  }
});

test('on a phone the open panel takes the whole width', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, hostPage(serverUrl));
  await openPanel(page);
  const box = await page.getByRole('dialog').boundingBox();
  expect(box?.x).toBe(0);
  expect(box?.width).toBe(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

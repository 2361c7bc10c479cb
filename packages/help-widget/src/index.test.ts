// @vitest-environment-options {"settings": {"disableJavaScriptFileLoading": true, "handleDisabledFileLoadingAsSuccess": true}}
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HELP_GLOBAL, HELP_QUEUE_STUB, helpWidgetSnippet, loadHelpWidget, qoltanbaHelp } from './index';

type HelpWindow = Window & {
  [HELP_GLOBAL]?: ((...args: unknown[]) => void) & { q?: unknown[][]; loaded?: boolean };
};
const win = window as HelpWindow;

beforeEach(() => {
  delete win[HELP_GLOBAL];
  document.head.replaceChildren();
});

describe('helpWidgetSnippet', () => {
  it('writes the queue stub and the async script tag with the options as data attributes, escaped', () => {
    expect(
      helpWidgetSnippet({
        src: 'https://qoltanba.kz/widgets/help-widget.js',
        lang: 'ru',
        position: 'left',
        theme: 'dark',
        helpUrl: 'https://example.kz/{lang}/help?a=1&b="2"',
      }),
    ).toBe(
      `<script>${HELP_QUEUE_STUB}</script>\n` +
        '<script async src="https://qoltanba.kz/widgets/help-widget.js" data-lang="ru" data-position="left" data-theme="dark" ' +
        'data-help-url="https://example.kz/{lang}/help?a=1&amp;b=&quot;2&quot;"></script>',
    );
  });

  it('is what the README shows', () => {
    const readme = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', 'README.md'), 'utf8');
    expect(readme).toContain(
      helpWidgetSnippet({ src: 'https://qoltanba.kz/widgets/help-widget.js', lang: 'ru' }),
    );
  });
});

describe('qoltanbaHelp and loadHelpWidget', () => {
  it('queue calls made before the script ran, in the shape the script replays', () => {
    qoltanbaHelp('setLanguage', 'en');
    qoltanbaHelp('open');
    expect(win[HELP_GLOBAL]?.q).toEqual([['setLanguage', 'en'], ['open']]);
  });

  it('adds one script tag however often it is called, and resolves with the installed global', async () => {
    // Stand in for the script running when its tag is added (happy-dom reports the load without running it).
    const installed = Object.assign(() => undefined, { loaded: true });
    const append = document.head.append.bind(document.head);
    vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
      win[HELP_GLOBAL] = installed;
      append(...nodes);
    });
    const first = loadHelpWidget({
      src: 'https://qoltanba.test/widgets/help-widget.js',
      lang: 'kk',
      whatsapp: 'none',
    });
    const second = loadHelpWidget({ src: 'https://qoltanba.test/widgets/help-widget.js' });
    expect(await first).toBe(installed);
    expect(await second).toBe(installed);
    const scripts = document.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    const script = scripts[0] as HTMLScriptElement;
    expect([script.async, script.src, script.dataset.lang, script.dataset.whatsapp]).toEqual([
      true,
      'https://qoltanba.test/widgets/help-widget.js',
      'kk',
      'none',
    ]);
  });
});

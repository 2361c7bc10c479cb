import { describe, expect, it } from 'vitest';
import { helpPageOf, readOptions } from './options';

function script(data: Record<string, string>, src = 'https://qoltanba.test/widgets/help-widget.js') {
  const element = document.createElement('script');
  element.src = src;
  for (const [name, value] of Object.entries(data)) element.setAttribute(`data-${name}`, value);
  return element;
}

describe('readOptions', () => {
  it('takes valid values: kz as kk, another API origin, the left corner, link overrides', () => {
    const options = readOptions(
      script({
        lang: ' KZ ',
        api: 'https://api.qoltanba.test/some/path',
        position: 'LEFT',
        theme: ' Dark ',
        'help-url': 'https://partner.test/{lang}/help',
        whatsapp: 'https://wa.me/77000000000',
        telegram: 'NONE',
      }),
      document,
    );
    expect(options).toEqual({
      lang: 'kk',
      api: 'https://api.qoltanba.test',
      position: 'left',
      theme: 'dark',
      helpUrl: 'https://partner.test/{lang}/help',
      whatsapp: 'https://wa.me/77000000000',
      telegram: null,
      panelUrl: 'https://qoltanba.test/widgets/help/panel.js',
    });
    expect(helpPageOf(options.helpUrl ?? '', 'ru')).toBe('https://partner.test/ru/help');
  });

  it.each([
    ['light', 'light'],
    ['dark', 'dark'],
    ['auto', 'auto'],
    [' LIGHT ', 'light'],
    ['Dark', 'dark'],
    ['', 'auto'],
    ['night', 'auto'],
    ['dark light', 'auto'],
    [undefined, 'auto'],
  ])('reads data-theme %j as %s (anything else is auto)', (value, theme) => {
    expect(readOptions(script(value === undefined ? {} : { theme: value }), document).theme).toBe(theme);
  });

  it('without its script element assumes our server path on the page origin', () => {
    const options = readOptions(null, document);
    expect(options.panelUrl).toBe(new URL('/widgets/help/panel.js', location.href).href);
    expect(options.api).toBe(new URL(location.href).origin);
  });
});

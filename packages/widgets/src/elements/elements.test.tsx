import type { Lang } from '@qoltanba/core';
import { $locale, setLocale } from '@qoltanba/sdk';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import * as widgets from '../index';
import { widgetsStyleSheet } from './adopt-styles';
import { attributeName, attributeTable, type PropsOf, r2wcProps } from './attributes';
import { defineQoltanbaElement } from './define-element';
import * as elements from './index';
import { elementDefinitions } from './index';
import { verifyAttributes } from './verify-element';

/** Public components that are deliberately not custom elements (portal-only or building blocks). */
const NOT_ELEMENTS = [
  'AttachCompanyForm',
  'AuthDialog',
  'CodeInput',
  'CompanySwitcher',
  'CounterpartyForm',
  'CounterpartyList',
  'DocumentCard',
  'DocumentForm',
  'DocumentsTable',
  'FolderTree',
  'Icon',
  'LoginForm',
  'ProfileCard',
  'QrSigningDialog',
  'RecoveryForm',
  'RegistrationForm',
  'RevokeDialog',
  'SignerEditor',
  'Snackbar',
  // The support operators' inbox lives in the portal only.
  'SupportCloseButton',
  'SupportConversationList',
  'SupportReplyForm',
  'SupportThread',
];

function componentExports(): Array<[string, unknown]> {
  return Object.entries(widgets).filter(
    ([name, value]) => typeof value === 'function' && /^[A-Z]/.test(name),
  );
}

async function mount(html: string): Promise<HTMLElement & { shadowRoot: ShadowRoot }> {
  document.body.innerHTML = html;
  const element = document.body.firstElementChild as HTMLElement;
  await waitFor(() => expect(element.shadowRoot?.querySelector('button')).toBeTruthy());
  return element as HTMLElement & { shadowRoot: ShadowRoot };
}

describe('custom element registry', () => {
  it('registers every definition and nothing else under the qoltanba- prefix', () => {
    for (const { tag } of elementDefinitions) expect(customElements.get(tag), tag).toBeDefined();
    expect(elementDefinitions.map((d) => d.tag)).toEqual([
      'qoltanba-language-switch',
      'qoltanba-verify',
      'qoltanba-sign',
      'qoltanba-document-status',
    ]);
  });

  it('covers every public widget component: each is an element or listed as not one', () => {
    const wrapped: string[] = elementDefinitions.flatMap((d) => d.widgets);
    const uncovered = componentExports()
      .filter(([name]) => !NOT_ELEMENTS.includes(name) && !wrapped.includes(name))
      .map(([name]) => name);
    expect(uncovered).toEqual([]);
    for (const widget of wrapped) expect(Object.keys(widgets)).toContain(widget);
  });

  it('is idempotent: defining all again, or one element again, keeps the first definitions', () => {
    const before = elementDefinitions.map((d) => customElements.get(d.tag));
    expect(() => elements.defineQoltanbaElements()).not.toThrow();
    for (const definition of elementDefinitions)
      expect(() => defineQoltanbaElement(definition)).not.toThrow();
    expect(elementDefinitions.map((d) => customElements.get(d.tag))).toEqual(before);
  });
});

describe('<qoltanba-language-switch>', () => {
  beforeEach(() => setLocale('kk'));
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('renders in an open shadow root with the widget CSS adopted', async () => {
    const element = await mount('<qoltanba-language-switch></qoltanba-language-switch>');
    expect(element.shadowRoot.mode).toBe('open');
    expect(element.shadowRoot.adoptedStyleSheets).toContain(widgetsStyleSheet());
    expect(element.querySelector('button')).toBeNull();
    const names = Array.from(element.shadowRoot.querySelectorAll('button'), (b) => b.textContent);
    expect(names).toEqual(['Қазақша', 'Русский', 'English']);
  });

  it('fires a bubbling, composed qoltanba-language-change on user choice only', async () => {
    const element = await mount('<qoltanba-language-switch></qoltanba-language-switch>');
    const seen: Array<{ lang: Lang; bubbles: boolean; composed: boolean; target: EventTarget | null }> = [];
    const listener = (event: CustomEvent<{ lang: Lang }>) =>
      seen.push({
        lang: event.detail.lang,
        bubbles: event.bubbles,
        composed: event.composed,
        target: event.target,
      });
    document.addEventListener('qoltanba-language-change', listener);
    try {
      setLocale('en');
      await waitFor(() =>
        expect(element.shadowRoot.querySelector('button[lang="en"]')?.getAttribute('aria-pressed')).toBe(
          'true',
        ),
      );
      expect(seen).toEqual([]);
      element.shadowRoot.querySelector<HTMLButtonElement>('button[lang="ru"]')?.click();
      await waitFor(() =>
        expect(element.shadowRoot.querySelector('button[lang="ru"]')?.getAttribute('aria-pressed')).toBe(
          'true',
        ),
      );
      expect(seen).toEqual([{ lang: 'ru', bubbles: true, composed: true, target: element }]);
      expect($locale.get()).toBe('ru');
    } finally {
      document.removeEventListener('qoltanba-language-change', listener);
    }
  });

  it('forces the language from the locale attribute and the compact labels from compact="true"', async () => {
    const element = await mount(
      '<qoltanba-language-switch locale="ru" compact="true"></qoltanba-language-switch>',
    );
    await waitFor(() => expect($locale.get()).toBe('ru'));
    await waitFor(() =>
      expect(element.shadowRoot.querySelector('button[lang="ru"]')?.getAttribute('aria-pressed')).toBe(
        'true',
      ),
    );
    expect(element.shadowRoot.querySelector('button[lang="ru"]')?.textContent).toBe('РУС');
    element.setAttribute('locale', 'en');
    await waitFor(() => expect($locale.get()).toBe('en'));
  });
});

describe('element types', () => {
  it('maps the tag and the event in the DOM typings', () => {
    expectTypeOf(document.createElement('qoltanba-language-switch').locale).toEqualTypeOf<
      string | undefined
    >();
    expectTypeOf<GlobalEventHandlersEventMap['qoltanba-language-change']['detail']>().toEqualTypeOf<{
      lang: Lang;
    }>();
    document.addEventListener('qoltanba-language-change', (event) => {
      // @ts-expect-error detail carries a Lang, not a number
      const wrong: number = event.detail.lang;
      return wrong;
    });
  });

  it('derives the properties, the @r2wc props and the docs table from one spec map', () => {
    expectTypeOf<PropsOf<typeof verifyAttributes>>().toEqualTypeOf<{
      apiBase?: string;
      lang?: 'kk' | 'ru' | 'en';
      theme?: 'auto' | 'light' | 'dark';
    }>();
    expectTypeOf(document.createElement('qoltanba-sign').token).toEqualTypeOf<string | undefined>();
    expectTypeOf(document.createElement('qoltanba-document-status').refreshSeconds).toEqualTypeOf<
      number | undefined
    >();
    expectTypeOf<HTMLElementEventMap['qoltanba-signed']['detail']>().toEqualTypeOf<{
      documentId: number;
      status: import('@qoltanba/core').DocumentStatus;
    }>();
    expectTypeOf<HTMLElementEventMap['qoltanba-error']['detail']['code']>().toEqualTypeOf<
      import('@qoltanba/core').ErrorCode
    >();
    expect(r2wcProps(verifyAttributes)).toEqual({ apiBase: 'string', lang: 'string', theme: 'string' });
    expect(attributeName('refreshSeconds')).toBe('refresh-seconds');
    const table = attributeTable(verifyAttributes);
    expect(table).toContain('| `api-base` / `apiBase` | string |');
    expect(table).toContain('| `lang` | `kk` \\| `ru` \\| `en` | `kk` |');
  });
});

describe('documentation', () => {
  it('shows each element attribute table as generated from its spec map', async () => {
    const { readFileSync } = await import('node:fs');
    // Vitest runs in the package folder (happy-dom gives import.meta.url no file scheme).
    const readme = readFileSync(`${process.cwd()}/README.md`, 'utf8');
    for (const definition of elementDefinitions) {
      const block = `<!-- attributes:${definition.tag} -->\n${attributeTable(definition.attributes)}\n<!-- /attributes:${definition.tag} -->`;
      expect(readme, `${definition.tag}: regenerate the table with attributeTable()`).toContain(block);
    }
  });
});

import { useStore } from '@nanostores/react';
import { $locale } from '@qoltanba/sdk';
import { type JSX, useEffect } from 'react';
import { LanguageSwitch } from '../language-switch';
import type { AttributeSpecs, PropsOf } from './attributes';
import { defineElement, type ElementContext } from './element-definition';
import { $loadedLangs, loadLanguage } from './runtime/languages';

/** Tag of the language switch custom element. */
export const LANGUAGE_SWITCH_TAG = 'qoltanba-language-switch';

/** DOM event fired by `<qoltanba-language-switch>` when the user picks another language. */
export const LANGUAGE_CHANGE_EVENT = 'qoltanba-language-change';

/** Attributes (and properties) of `<qoltanba-language-switch>`. */
export const languageSwitchAttributes = {
  locale: {
    type: 'string',
    doc: "Forces the page's language (kk, ru, en; kz means kk) when set or changed.",
  },
  compact: { type: 'boolean', default: false, doc: 'Short labels (ҚАЗ, РУС, ENG): write `compact="true"`.' },
} as const satisfies AttributeSpecs;

/** Properties of `<qoltanba-language-switch>`, derived from {@link languageSwitchAttributes}. */
export type LanguageSwitchAttributes = PropsOf<typeof languageSwitchAttributes>;

function LanguageSwitchElement({
  element,
  ...attributes
}: LanguageSwitchAttributes & { element: ElementContext }): JSX.Element {
  // The switch speaks the page's language ($locale), not its `lang`: load that language's texts when it changes
  // (until then the group's label reads in a loaded language; each language is named in itself anyway).
  const current = useStore($locale);
  useStore($loadedLangs);
  useEffect(() => {
    loadLanguage(current).catch(() => undefined);
  }, [current]);
  return (
    <LanguageSwitch
      {...attributes}
      onLanguageChange={(lang) => element.emit(LANGUAGE_CHANGE_EVENT, { lang })}
    />
  );
}

/** Definition of `<qoltanba-language-switch>`: unlike the embedding elements it sets the page's language. */
export const languageSwitchElement = defineElement({
  tag: LANGUAGE_SWITCH_TAG,
  // Replaced with this chunk's CSS by the elements build (build/inline-widgets-css.ts).
  css: '__QOLTANBA_ELEMENT_CSS__',
  attributes: languageSwitchAttributes,
  widgets: ['LanguageSwitch'],
  component: LanguageSwitchElement,
});

/** The `<qoltanba-language-switch>` element: attributes as properties. */
export type QoltanbaLanguageSwitchElement = HTMLElement & LanguageSwitchAttributes;

declare global {
  interface HTMLElementTagNameMap {
    'qoltanba-language-switch': QoltanbaLanguageSwitchElement;
  }
}

import type { Lang } from '@qoltanba/core';
import type { JSX } from 'react';
import { LanguageSwitch, type LanguageSwitchProps } from '../language-switch';
import { type AttributeMap, defineElement, dispatchFromHost, type HostProps } from './define-element';

/** Tag of the language switch custom element. */
export const LANGUAGE_SWITCH_TAG = 'qoltanba-language-switch';

/** DOM event fired by `<qoltanba-language-switch>` when the user picks another language. */
export const LANGUAGE_CHANGE_EVENT = 'qoltanba-language-change';

/** `detail` of {@link LANGUAGE_CHANGE_EVENT}. */
export interface LanguageChangeDetail {
  lang: Lang;
}

/** Attributes (and properties) of `<qoltanba-language-switch>`: `locale="ru"`, `compact="true"`. */
export type LanguageSwitchAttributes = Pick<LanguageSwitchProps, 'locale' | 'compact'>;

/** Attribute map of `<qoltanba-language-switch>`; the type check fails if it drifts from the props. */
export const languageSwitchAttributes = {
  locale: 'string',
  compact: 'boolean',
} as const satisfies AttributeMap<LanguageSwitchAttributes>;

function LanguageSwitchElement({
  container,
  ...attributes
}: LanguageSwitchAttributes & HostProps): JSX.Element {
  return (
    <LanguageSwitch
      {...attributes}
      onLanguageChange={(lang) =>
        dispatchFromHost<LanguageChangeDetail>(container, LANGUAGE_CHANGE_EVENT, { lang })
      }
    />
  );
}

/** Definition of `<qoltanba-language-switch>`. */
export const languageSwitchElement = defineElement<LanguageSwitchAttributes>({
  tag: LANGUAGE_SWITCH_TAG,
  widget: LanguageSwitch,
  component: LanguageSwitchElement,
  attributes: languageSwitchAttributes,
});

/** The `<qoltanba-language-switch>` element: attributes as properties. */
export type QoltanbaLanguageSwitchElement = HTMLElement & LanguageSwitchAttributes;

declare global {
  interface HTMLElementTagNameMap {
    'qoltanba-language-switch': QoltanbaLanguageSwitchElement;
  }
  interface GlobalEventHandlersEventMap {
    'qoltanba-language-change': CustomEvent<LanguageChangeDetail>;
  }
}

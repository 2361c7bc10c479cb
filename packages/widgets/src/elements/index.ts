import { defineQoltanbaElements } from './register';

export { adoptWidgetStyles } from './adopt-styles';
export type { AttributeKind, AttributeMap, ElementDefinition } from './define-element';
export { elementDefinitions } from './definitions';
export {
  LANGUAGE_CHANGE_EVENT,
  LANGUAGE_SWITCH_TAG,
  type LanguageChangeDetail,
  type LanguageSwitchAttributes,
  languageSwitchAttributes,
  type QoltanbaLanguageSwitchElement,
} from './language-switch-element';
export { defineQoltanbaElements } from './register';

// Importing this module registers the elements (the `./elements` export is a side effect by design).
if (typeof customElements !== 'undefined') defineQoltanbaElements();

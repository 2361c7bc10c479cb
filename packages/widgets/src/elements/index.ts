import { defineQoltanbaElements } from './register';

export { adoptWidgetStyles } from './adopt-styles';
export {
  type AttributeSpec,
  type AttributeSpecs,
  type AttributeType,
  attributeName,
  attributeTable,
  commonAttributes,
  type PropsOf,
} from './attributes';
export {
  defineQoltanbaElement,
  type ElementContext,
  type ElementDefinition,
} from './define-element';
export { elementDefinitions } from './definitions';
export {
  DOCUMENT_STATUS_TAG,
  type DocumentStatusAttributes,
  documentStatusAttributes,
  type QoltanbaDocumentStatusElement,
} from './document-status-element';
export {
  dispatchQoltanbaEvent,
  type ErrorDetail,
  type LanguageChangeDetail,
  QOLTANBA_EVENTS,
  type QoltanbaEventDetails,
  type ReadyDetail,
  type RejectedDetail,
  type SignedDetail,
  type VerifiedDetail,
} from './events';
export {
  LANGUAGE_CHANGE_EVENT,
  LANGUAGE_SWITCH_TAG,
  type LanguageSwitchAttributes,
  languageSwitchAttributes,
  type QoltanbaLanguageSwitchElement,
} from './language-switch-element';
export { defineQoltanbaElements } from './register';
export { type QoltanbaSignElement, SIGN_TAG, type SignAttributes, signAttributes } from './sign-element';
export {
  type QoltanbaVerifyElement,
  VERIFY_TAG,
  type VerifyAttributes,
  verifyAttributes,
} from './verify-element';

// Importing this module registers the elements (the `./elements` export is a side effect by design).
if (typeof customElements !== 'undefined') defineQoltanbaElements();

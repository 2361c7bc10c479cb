import { documentStatusElement } from './document-status-element';
import type { ElementDefinition } from './element-definition';
import { languageSwitchElement } from './language-switch-element';
import { signElement } from './sign-element';
import { verifyElement } from './verify-element';

/** Every public custom element. Adding one means adding its definition here and an entry in `entries/`. */
export const elementDefinitions: readonly ElementDefinition[] = [
  languageSwitchElement,
  verifyElement,
  signElement,
  documentStatusElement,
];

import type { ElementDefinition } from './define-element';
import { languageSwitchElement } from './language-switch-element';
import { verifyElement } from './verify-element';

/** Every public custom element. Adding one means adding its definition here and an entry in `entries/`. */
export const elementDefinitions: readonly ElementDefinition[] = [languageSwitchElement, verifyElement];

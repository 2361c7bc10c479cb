import type { ElementDefinition } from './define-element';
import { languageSwitchElement } from './language-switch-element';

/** Every public custom element. Adding a widget element means adding its definition here. */
export const elementDefinitions: readonly ElementDefinition[] = [languageSwitchElement];

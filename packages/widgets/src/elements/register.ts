import { defineQoltanbaElement } from './define-element';
import { elementDefinitions } from './definitions';

/**
 * Defines every Qoltanba custom element that is not defined yet (safe to call twice, or after another copy of
 * the bundle or a per-element script). Each renders into an open shadow root with the widget CSS adopted there.
 */
export function defineQoltanbaElements(registry: CustomElementRegistry = customElements): void {
  for (const definition of elementDefinitions) defineQoltanbaElement(definition, registry);
}

import type { Lang } from '@qoltanba/core';
import type { ComponentType } from 'react';
import type { AttributeSpecs, PropsOf } from './attributes';
import type { QoltanbaEventDetails } from './events';

// An element's definition apart from any registration: the custom-element build (define-element.tsx, @r2wc on
// Preact) and the React build (react-embed/) render the same definitions.

/** What the shell gives an element's component besides its attributes. */
export interface ElementContext {
  /** The shadow root's host: the custom element, or the React build's host element (events are dispatched from it). */
  host: HTMLElement;
  /** The language shown (the `lang` attribute, kk by default); its texts are loaded. */
  lang: Lang;
  /** Fires a product event from the element (bubbling, composed). */
  emit<Type extends keyof QoltanbaEventDetails>(type: Type, detail: QoltanbaEventDetails[Type]): void;
  /** Says the element shows its content: fires `qoltanba-ready` once. */
  ready(): void;
}

/** A custom element: its tag, the one typed map of its attributes and the component rendered in its shadow root. */
export interface ElementDefinition<Specs extends AttributeSpecs = AttributeSpecs> {
  tag: `qoltanba-${string}`;
  attributes: Specs;
  /**
   * Names of the public React widgets (exports of the package entry) the element is built from, checked by the
   * registry test. Names, not the components: the entry's wrappers load lazily and would split the element's chunk.
   */
  widgets: readonly string[];
  component: ComponentType<PropsOf<Specs> & { element: ElementContext }>;
  /** The CSS of the element's own chunk: write `'__QOLTANBA_ELEMENT_CSS__'`, which the elements build replaces. */
  css: string;
  /** Whether the element waits for its language's texts (all but the language switch, which names languages in themselves). */
  needsTexts?: boolean;
}

/** Keeps the spec map and the component's props tied while definitions share one list type. */
export function defineElement<Specs extends AttributeSpecs>(
  definition: ElementDefinition<Specs>,
): ElementDefinition {
  return definition as unknown as ElementDefinition;
}

import type { Lang } from '@qoltanba/core';
import r2wc from '@r2wc/react-to-web-component';
import type { ComponentType, JSX } from 'react';
import { adoptWidgetStyles } from './adopt-styles';
import { type AttributeSpecs, type PropsOf, r2wcProps } from './attributes';
import { ElementShell } from './element-shell';
import type { QoltanbaEventDetails } from './events';

/** What the shell gives an element's component besides its attributes. */
export interface ElementContext {
  /** The custom element itself (events are dispatched from it). */
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

/** Props @r2wc adds to the rendered component: `container` is the element's shadow root. */
interface HostProps {
  container?: HTMLElement | ShadowRoot;
}

/**
 * Defines `definition.tag` unless it is defined already (a second copy of a bundle, or a second call, is
 * harmless). The element renders into an open shadow root with the widget CSS adopted there.
 */
export function defineQoltanbaElement(
  definition: ElementDefinition,
  registry: CustomElementRegistry = customElements,
): void {
  if (registry.get(definition.tag)) return;
  function Rendered({ container, ...attributes }: HostProps & Record<string, unknown>): JSX.Element {
    return <ElementShell definition={definition} container={container} attributes={attributes} />;
  }
  const Base = r2wc(Rendered, { shadow: 'open', props: r2wcProps(definition.attributes) });
  // Another script may have defined the tag between the check and here; defining twice would throw.
  if (registry.get(definition.tag)) return;
  registry.define(
    definition.tag,
    class extends Base {
      constructor() {
        super();
        if (this.shadowRoot) adoptWidgetStyles(this.shadowRoot, definition.css);
      }
    },
  );
}

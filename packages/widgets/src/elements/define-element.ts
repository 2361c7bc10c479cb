import type { ComponentType } from 'react';

/** Attribute kinds that @r2wc parses from HTML attributes (booleans are written `"true"` / `"false"`). */
export type AttributeKind = 'string' | 'number' | 'boolean' | 'json';

type KindOf<T> = [T] extends [boolean]
  ? 'boolean'
  : [T] extends [number]
    ? 'number'
    : [T] extends [string]
      ? 'string'
      : 'json';

/** The one typed map of an element's attributes: every prop of `Props` with the kind matching its type. */
export type AttributeMap<Props> = { [K in keyof Props]-?: KindOf<NonNullable<Props[K]>> };

/** Props @r2wc adds to the rendered component: `container` is the element's shadow root. */
export interface HostProps {
  container?: HTMLElement | ShadowRoot;
}

/** A custom element: its tag, the public widget it ships, the component rendered in its shadow root, its attributes. */
export interface ElementDefinition<Props extends object = Record<string, unknown>> {
  tag: `qoltanba-${string}`;
  /** The public React widget (exported from the package entry) that this element wraps. */
  widget: ComponentType<never>;
  component: ComponentType<Props & HostProps>;
  attributes: AttributeMap<Props>;
}

/** Keeps `Props` tied between component and attribute map while storing definitions in one list. */
export function defineElement<Props extends object>(definition: ElementDefinition<Props>): ElementDefinition {
  return definition as unknown as ElementDefinition;
}

/**
 * Dispatches a product DOM event from the custom element that hosts `container` (bubbles, composed),
 * so listeners on the element or any ancestor in the host page receive it.
 */
export function dispatchFromHost<Detail>(
  container: HostProps['container'],
  type: string,
  detail: Detail,
): void {
  const host = container instanceof ShadowRoot ? container.host : container;
  host?.dispatchEvent(new CustomEvent(type, { bubbles: true, composed: true, detail }));
}

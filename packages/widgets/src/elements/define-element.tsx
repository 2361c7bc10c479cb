import r2wc from '@r2wc/react-to-web-component';
import type { JSX } from 'react';
import { adoptWidgetStyles } from './adopt-styles';
import { r2wcProps } from './attributes';
import type { ElementDefinition } from './element-definition';
import { ElementShell } from './element-shell';

export { defineElement, type ElementContext, type ElementDefinition } from './element-definition';

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
    // @r2wc renders into the shadow root: its host is the element.
    const host = (container instanceof ShadowRoot ? container.host : container) as HTMLElement;
    return <ElementShell definition={definition} host={host} attributes={attributes} />;
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

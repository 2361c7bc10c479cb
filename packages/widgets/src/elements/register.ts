import r2wc from '@r2wc/react-to-web-component';
import { adoptWidgetStyles } from './adopt-styles';
import { elementDefinitions } from './definitions';

/**
 * Defines every Qoltanba custom element that is not defined yet (safe to call twice, or after another
 * copy of the bundle). Each renders into an open shadow root with the widget CSS adopted there.
 */
export function defineQoltanbaElements(registry: CustomElementRegistry = customElements): void {
  for (const { tag, component, attributes } of elementDefinitions) {
    if (registry.get(tag)) continue;
    const Base = r2wc(component, { shadow: 'open', props: attributes });
    registry.define(
      tag,
      class extends Base {
        constructor() {
          super();
          if (this.shadowRoot) adoptWidgetStyles(this.shadowRoot);
        }
      },
    );
  }
}

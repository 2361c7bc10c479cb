import { DEFAULT_LANG, normalizeLang } from '@qoltanba/core';
import {
  type CSSProperties,
  type JSX,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { adoptWidgetStyles } from '../elements/adopt-styles';
import { type AttributeSpecs, attributeName, type PropsOf } from '../elements/attributes';
import type { ElementDefinition } from '../elements/element-definition';
import { type ElementEventListener, ElementShell, LOAD_FAILED } from '../elements/element-shell';
import {
  dispatchQoltanbaEvent,
  type ErrorDetail,
  type ReadyDetail,
  type RejectedDetail,
  type SignedDetail,
  type VerifiedDetail,
} from '../elements/events';

/** Callbacks for the product events (also dispatched as DOM events from the host element, bubbling and composed). */
export interface QoltanbaCallbacks {
  /** `qoltanba-ready`: the content is shown, in `lang`. */
  onReady?: (detail: ReadyDetail) => void;
  /** `qoltanba-signed`: the signer's signature was accepted. */
  onSigned?: (detail: SignedDetail) => void;
  /** `qoltanba-rejected`: the signer rejected the document. */
  onRejected?: (detail: RejectedDetail) => void;
  /** `qoltanba-error`: a stable catalogue code and its text. */
  onError?: (detail: ErrorDetail) => void;
  /** `qoltanba-verified` (`QoltanbaVerify`): the verification's result. */
  onVerified?: (detail: VerifiedDetail) => void;
}

/** What every component takes besides its element's attributes: for the host element. */
export interface HostProps {
  className?: string;
  style?: CSSProperties;
  id?: string;
}

const CALLBACKS: Readonly<Record<string, keyof QoltanbaCallbacks>> = {
  'qoltanba-ready': 'onReady',
  'qoltanba-signed': 'onSigned',
  'qoltanba-rejected': 'onRejected',
  'qoltanba-error': 'onError',
  'qoltanba-verified': 'onVerified',
};

/** An element's definition, loaded once (its own chunk) and then known synchronously. */
export interface LazyDefinition {
  loaded(): ElementDefinition | undefined;
  load(): Promise<ElementDefinition>;
}

/** Loads a definition once; a failed load (a chunk that did not arrive) may be tried again. */
export function lazyDefinition(load: () => Promise<ElementDefinition>): LazyDefinition {
  let definition: ElementDefinition | undefined;
  let pending: Promise<ElementDefinition> | undefined;
  return {
    loaded: () => definition,
    load() {
      pending ??= load().then(
        (loaded) => {
          definition = loaded;
          return loaded;
        },
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
  };
}

/** The host's attributes of the spec map's props, as the custom element has them (`apiBase` -> `api-base`). */
export function reflectedAttributes(
  specs: AttributeSpecs,
  props: Readonly<Record<string, unknown>>,
): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const [name, spec] of Object.entries(specs)) {
    const value = props[name];
    if (value === undefined || value === null) continue;
    attributes[attributeName(name)] = spec.type === 'json' ? JSON.stringify(value) : String(value);
  }
  return attributes;
}

/**
 * A React component of a Qoltanba element, rendered with the host's React: a `<div data-qoltanba-element={tag}>`
 * whose open shadow root holds the element's component (through the same shell as the custom element: language,
 * texts, `qoltanba-ready`) with the widget CSS adopted there. Props of the spec map are reflected as the
 * element's attributes on the host (`theme` selects the dark colours there); the product events are dispatched
 * from the host and passed to the `on…` callbacks. The element's code loads on first mount; server rendering
 * outputs the bare host.
 */
export function reactElement<Specs extends AttributeSpecs>(
  tag: string,
  specs: Specs,
  definition: LazyDefinition,
  displayName: string,
): (props: PropsOf<Specs> & QoltanbaCallbacks & HostProps) => JSX.Element {
  function Component(props: PropsOf<Specs> & QoltanbaCallbacks & HostProps): JSX.Element {
    const hostRef = useRef<HTMLDivElement>(null);
    const [shadow, setShadow] = useState<{ host: HTMLDivElement; root: ShadowRoot }>();
    const [loaded, setLoaded] = useState(definition.loaded);
    // The latest props, read when an event fires or the element's code fails to arrive.
    const latest = useRef(props);
    latest.current = props;
    const values = props as Readonly<Record<string, unknown>>;

    useLayoutEffect(() => {
      const host = hostRef.current;
      if (host) setShadow({ host, root: host.shadowRoot ?? host.attachShadow({ mode: 'open' }) });
    }, []);

    useEffect(() => {
      if (loaded) return;
      let live = true;
      definition.load().then(
        (ready) => {
          if (live) setLoaded(ready);
        },
        () => {
          const host = hostRef.current;
          if (!live || !host) return;
          const lang = normalizeLang((latest.current as { lang?: string }).lang) ?? DEFAULT_LANG;
          const detail = { code: 'NETWORK_ERROR' as const, message: LOAD_FAILED[lang] };
          dispatchQoltanbaEvent(host, 'qoltanba-error', detail);
          latest.current.onError?.(detail);
        },
      );
      return () => {
        live = false;
      };
    }, [loaded]);

    useLayoutEffect(() => {
      if (shadow && loaded) adoptWidgetStyles(shadow.root, loaded.css);
    }, [shadow, loaded]);

    const onEvent = useCallback<ElementEventListener>((type, detail) => {
      const callback = CALLBACKS[type];
      const handler = callback
        ? (latest.current[callback] as ((value: unknown) => void) | undefined)
        : undefined;
      handler?.(detail);
    }, []);

    // The element's component gets the spec map's props only, as the custom element's attributes.
    const shown: Record<string, unknown> = {};
    for (const name of Object.keys(specs)) if (values[name] !== undefined) shown[name] = values[name];
    return (
      <div
        ref={hostRef}
        data-qoltanba-element={tag}
        {...reflectedAttributes(specs, values)}
        className={props.className}
        style={props.style}
        id={props.id}
      >
        {shadow && loaded
          ? createPortal(
              <ElementShell definition={loaded} host={shadow.host} attributes={shown} onEvent={onEvent} />,
              shadow.root,
            )
          : null}
      </div>
    );
  }
  Component.displayName = displayName;
  return Component;
}

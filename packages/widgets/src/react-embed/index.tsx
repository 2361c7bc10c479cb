// React components for React hosts: each renders its custom element (`<qoltanba-sign>` ...) and wires the props
// (the element's typed spec map) to attributes and the product events to callbacks. The elements themselves come
// from the script-tag build (`@qoltanba/widgets/elements`), loaded in the browser on first mount, so server
// rendering outputs the bare tag and the host's bundle does not grow until an element is shown.
import { type CSSProperties, createElement, type JSX, useEffect, useRef } from 'react';
import type {
  DocumentStatusAttributes,
  ErrorDetail,
  QoltanbaEventDetails,
  ReadyDetail,
  RejectedDetail,
  SignAttributes,
  SignedDetail,
  VerifiedDetail,
  VerifyAttributes,
} from '../elements';

/** Callbacks for the elements' DOM events (`qoltanba-ready`, `-signed`, `-rejected`, `-error`, `-verified`). */
export interface QoltanbaCallbacks {
  onReady?: (detail: ReadyDetail) => void;
  onSigned?: (detail: SignedDetail) => void;
  onRejected?: (detail: RejectedDetail) => void;
  onError?: (detail: ErrorDetail) => void;
  onVerified?: (detail: VerifiedDetail) => void;
}

/** What every wrapper takes besides its element's attributes. */
export interface HostProps {
  className?: string;
  style?: CSSProperties;
  id?: string;
}

export type QoltanbaSignProps = SignAttributes & QoltanbaCallbacks & HostProps;
export type QoltanbaVerifyProps = VerifyAttributes & QoltanbaCallbacks & HostProps;
export type QoltanbaDocumentStatusProps = DocumentStatusAttributes & QoltanbaCallbacks & HostProps;

const CALLBACKS: Record<keyof QoltanbaCallbacks, keyof QoltanbaEventDetails> = {
  onReady: 'qoltanba-ready',
  onSigned: 'qoltanba-signed',
  onRejected: 'qoltanba-rejected',
  onError: 'qoltanba-error',
  onVerified: 'qoltanba-verified',
};
const HOST_PROPS = new Set(['className', 'style', 'id']);

let defining: Promise<unknown> | undefined;
/** Loads the elements' bundle once (it defines the tags; defining is idempotent). */
export function loadQoltanbaElements(): Promise<unknown> {
  defining ??= import('@qoltanba/widgets/elements');
  return defining;
}

/** The attribute of a property (`apiBase` -> `api-base`) and its text, as the elements parse it. */
function attributes(props: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(props)) {
    if (value === undefined || value === null || name in CALLBACKS || HOST_PROPS.has(name)) continue;
    const attribute = name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
    out[attribute] = typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
  return out;
}

function wrapper<Props extends QoltanbaCallbacks & HostProps>(
  tag: string,
  displayName: string,
): (props: Props) => JSX.Element {
  function Component(props: Props): JSX.Element {
    const ref = useRef<HTMLElement>(null);
    // The latest callbacks, read when an event arrives: listeners are added once per element.
    const latest = useRef(props);
    latest.current = props;
    useEffect(() => {
      void loadQoltanbaElements();
      const element = ref.current;
      if (!element) return;
      const listeners = Object.entries(CALLBACKS).map(([callback, type]) => {
        const listener = (event: Event) => {
          const handler = latest.current[callback as keyof QoltanbaCallbacks] as
            | ((detail: unknown) => void)
            | undefined;
          handler?.((event as CustomEvent).detail);
        };
        element.addEventListener(type, listener);
        return () => element.removeEventListener(type, listener);
      });
      return () => {
        for (const remove of listeners) remove();
      };
    }, []);
    const { className, style, id } = props;
    return createElement(tag, {
      ref,
      ...attributes(props as Record<string, unknown>),
      ...(className ? { class: className } : {}),
      ...(style ? { style } : {}),
      ...(id ? { id } : {}),
    });
  }
  Component.displayName = displayName;
  return Component;
}

/** `<qoltanba-sign>` for React: signs one document of an embed token (NCALayer, eGov QR) or rejects it. */
export const QoltanbaSign: (props: QoltanbaSignProps) => JSX.Element = wrapper(
  'qoltanba-sign',
  'QoltanbaSign',
);
/** `<qoltanba-verify>` for React: checks signed files through the public verification API. */
export const QoltanbaVerify: (props: QoltanbaVerifyProps) => JSX.Element = wrapper(
  'qoltanba-verify',
  'QoltanbaVerify',
);
/** `<qoltanba-document-status>` for React: the status of one document and its signers. */
export const QoltanbaDocumentStatus: (props: QoltanbaDocumentStatusProps) => JSX.Element = wrapper(
  'qoltanba-document-status',
  'QoltanbaDocumentStatus',
);

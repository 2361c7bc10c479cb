import type { DocumentStatus, ErrorCode, Lang, VerificationResult } from '@qoltanba/core';

/** DOM events of the Qoltanba elements: bubbling, composed (they leave the shadow root), fired on the element. */
export const QOLTANBA_EVENTS = {
  ready: 'qoltanba-ready',
  signed: 'qoltanba-signed',
  rejected: 'qoltanba-rejected',
  error: 'qoltanba-error',
  verified: 'qoltanba-verified',
  languageChange: 'qoltanba-language-change',
} as const;

/** `detail` of `qoltanba-ready`: the element rendered its first content in `lang`. */
export interface ReadyDetail {
  lang: Lang;
}
/** `detail` of `qoltanba-signed`: the signer's signature was accepted; `status` is the document's now. */
export interface SignedDetail {
  documentId: number;
  status: DocumentStatus;
}
/** `detail` of `qoltanba-rejected`: the signer rejected the document. */
export interface RejectedDetail {
  documentId: number;
}
/** `detail` of `qoltanba-error`: a stable catalogue code and its text in the element's language. */
export interface ErrorDetail {
  code: ErrorCode;
  message: string;
}
/** `detail` of `qoltanba-verified`: the verification's result (`result.verdict` in short). */
export interface VerifiedDetail {
  result: VerificationResult;
}
/** `detail` of `qoltanba-language-change` (`<qoltanba-language-switch>`). */
export interface LanguageChangeDetail {
  lang: Lang;
}

/** Every event name -> its `detail`. */
export interface QoltanbaEventDetails {
  'qoltanba-ready': ReadyDetail;
  'qoltanba-signed': SignedDetail;
  'qoltanba-rejected': RejectedDetail;
  'qoltanba-error': ErrorDetail;
  'qoltanba-verified': VerifiedDetail;
  'qoltanba-language-change': LanguageChangeDetail;
}

/** Fires `type` from `host` with `detail`, bubbling and composed, so listeners on any ancestor receive it. */
export function dispatchQoltanbaEvent<Type extends keyof QoltanbaEventDetails>(
  host: Element | null | undefined,
  type: Type,
  detail: QoltanbaEventDetails[Type],
): void {
  host?.dispatchEvent(new CustomEvent(type, { bubbles: true, composed: true, detail }));
}

declare global {
  // GlobalEventHandlersEventMap is what HTMLElementEventMap, DocumentEventMap and WindowEventMap extend, so
  // `element.addEventListener('qoltanba-signed', (e) => e.detail.documentId)` is typed wherever it is listened to.
  interface GlobalEventHandlersEventMap {
    'qoltanba-ready': CustomEvent<ReadyDetail>;
    'qoltanba-signed': CustomEvent<SignedDetail>;
    'qoltanba-rejected': CustomEvent<RejectedDetail>;
    'qoltanba-error': CustomEvent<ErrorDetail>;
    'qoltanba-verified': CustomEvent<VerifiedDetail>;
    'qoltanba-language-change': CustomEvent<LanguageChangeDetail>;
  }
}

// `@qoltanba/widgets/react-embed`: the embedding elements built for React hosts. The same element components as the
// custom elements (`@qoltanba/widgets/elements`, Preact), compiled against the host's React (a peer, not bundled),
// each in an open shadow root with the widget CSS adopted there, driven by the same spec maps and firing the same
// events. Each element's code loads on its first mount; texts load per language, as in the script-tag build.
import type { JSX } from 'react';
import {
  DOCUMENT_STATUS_TAG,
  type DocumentStatusAttributes,
  documentStatusAttributes,
} from '../elements/document-status-attributes';
import { SIGN_TAG, type SignAttributes, signAttributes } from '../elements/sign-attributes';
import { VERIFY_TAG, type VerifyAttributes, verifyAttributes } from '../elements/verify-attributes';
import { type HostProps, lazyDefinition, type QoltanbaCallbacks, reactElement } from './react-element';

export type {
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
export type { HostProps, QoltanbaCallbacks } from './react-element';

/** Props of {@link QoltanbaSign}: `<qoltanba-sign>`'s attributes, the callbacks and the host's. */
export type QoltanbaSignProps = SignAttributes & QoltanbaCallbacks & HostProps;
/** Props of {@link QoltanbaVerify}. */
export type QoltanbaVerifyProps = VerifyAttributes & QoltanbaCallbacks & HostProps;
/** Props of {@link QoltanbaDocumentStatus}. */
export type QoltanbaDocumentStatusProps = DocumentStatusAttributes & QoltanbaCallbacks & HostProps;

/**
 * `<qoltanba-sign>` for React: the signer's document of a `sign` embed token, NCALayer and eGov QR signing, reject.
 *
 * @example <QoltanbaSign token={token} apiBase="https://qoltanba.kz" lang="ru" onSigned={({ documentId }) => done(documentId)} />
 */
export const QoltanbaSign: (props: QoltanbaSignProps) => JSX.Element = reactElement(
  SIGN_TAG,
  signAttributes,
  lazyDefinition(async () => (await import('../elements/sign-element')).signElement),
  'QoltanbaSign',
);

/**
 * `<qoltanba-verify>` for React: drop signed files, see the verdict (the public verification API).
 *
 * @example <QoltanbaVerify apiBase="https://qoltanba.kz" onVerified={({ result }) => log(result.verdict)} />
 */
export const QoltanbaVerify: (props: QoltanbaVerifyProps) => JSX.Element = reactElement(
  VERIFY_TAG,
  verifyAttributes,
  lazyDefinition(async () => (await import('../elements/verify-element')).verifyElement),
  'QoltanbaVerify',
);

/**
 * `<qoltanba-document-status>` for React: one document's status and signers (a `status` embed token).
 *
 * @example <QoltanbaDocumentStatus token={token} apiBase="https://qoltanba.kz" refreshSeconds={60} />
 */
export const QoltanbaDocumentStatus: (props: QoltanbaDocumentStatusProps) => JSX.Element = reactElement(
  DOCUMENT_STATUS_TAG,
  documentStatusAttributes,
  lazyDefinition(async () => (await import('../elements/document-status-element')).documentStatusElement),
  'QoltanbaDocumentStatus',
);

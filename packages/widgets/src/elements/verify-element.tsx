import { verifySignatures } from '@qoltanba/sdk';
import { type JSX, useEffect, useMemo, useRef } from 'react';
import { VerifyDropzone, type VerifyDropzoneActions } from '../verification-report/VerifyDropzone';
import { defineElement, type ElementContext } from './element-definition';
import { createElementClient, serverOrigin } from './runtime/embed-client';
import { VERIFY_TAG, type VerifyAttributes, verifyAttributes } from './verify-attributes';

export { VERIFY_TAG, type VerifyAttributes, verifyAttributes } from './verify-attributes';

function VerifyElement({ apiBase, element }: VerifyAttributes & { element: ElementContext }): JSX.Element {
  const langRef = useRef(element.lang);
  langRef.current = element.lang;
  const client = useMemo(() => createElementClient(serverOrigin(apiBase), () => langRef.current), [apiBase]);
  const actions = useMemo<VerifyDropzoneActions>(
    () => ({ verifySignatures: (files, options) => verifySignatures(files, { ...options, client }) }),
    [client],
  );
  return <VerifyView actions={actions} element={element} />;
}

/** The content of `<qoltanba-verify>` with the verification call given (exported for stories: a fake one). */
export function VerifyView({
  actions,
  element,
}: {
  actions: VerifyDropzoneActions;
  element: ElementContext;
}): JSX.Element {
  useEffect(() => element.ready(), [element]);
  return (
    <div part="verify">
      <VerifyDropzone
        actions={actions}
        onResult={(result) => element.emit('qoltanba-verified', { result })}
        onError={(code, message) => element.emit('qoltanba-error', { code, message })}
      />
    </div>
  );
}

/** Definition of `<qoltanba-verify>`: drop or choose files, see the verdict (public verification API). */
export const verifyElement = defineElement({
  tag: VERIFY_TAG,
  // Replaced with this chunk's CSS by the elements build (build/inline-widgets-css.ts).
  css: '__QOLTANBA_ELEMENT_CSS__',
  attributes: verifyAttributes,
  widgets: ['VerifyDropzone', 'VerificationResult'],
  component: VerifyElement,
});

/** The `<qoltanba-verify>` element: attributes as properties. */
export type QoltanbaVerifyElement = HTMLElement & VerifyAttributes;

declare global {
  interface HTMLElementTagNameMap {
    'qoltanba-verify': QoltanbaVerifyElement;
  }
}

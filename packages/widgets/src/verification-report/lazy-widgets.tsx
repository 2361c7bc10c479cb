import { type JSX, lazy, Suspense } from 'react';
import type { VerificationResultProps } from './VerificationResult';
import type { VerifyDropzoneProps } from './VerifyDropzone';

// The verification widgets load on first render, in a chunk of their own (like pdf.js): hosts that never show
// them do not pay for their code and texts in the package's entry.

const LazyResult = lazy(async () => ({ default: (await import('./VerificationResult')).VerificationResult }));
const LazyDropzone = lazy(async () => ({ default: (await import('./VerifyDropzone')).VerifyDropzone }));

/**
 * A verification report: overall verdict (announced via aria-live), then per signature the ETSI indication and
 * sub-indication in words, signer, certificate, signing time, type, and the IP address for signatures made here.
 * Loaded on first render (nothing is shown until its chunk arrives).
 *
 * @example <VerificationResult result={await verifySignatures(files)} />
 */
export function VerificationResult(props: VerificationResultProps): JSX.Element {
  return (
    <Suspense fallback={null}>
      <LazyResult {...props} />
    </Suspense>
  );
}

/**
 * Public signature verification: choose or drop up to 10 PDF and CMS files (30 MB in total), client-side checks,
 * upload progress, then the {@link VerificationResult}. Loaded on first render.
 *
 * @example <VerifyDropzone onResult={(result) => track(result.verdict)} />
 */
export function VerifyDropzone(props: VerifyDropzoneProps): JSX.Element {
  return (
    <Suspense fallback={null}>
      <LazyDropzone {...props} />
    </Suspense>
  );
}

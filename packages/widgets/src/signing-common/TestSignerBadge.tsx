import type { Lang, SigningConfig } from '@qoltanba/core';
import type { JSX } from 'react';
import { testBadge } from './signing.css';
import { signingT } from './texts';

/** The visible "Test signer" mark of a development server's NCALayer emulator; nothing without one. */
export function TestSignerBadge({
  testSigner,
  lang,
}: {
  testSigner: SigningConfig['testSigner'];
  lang: Lang;
}): JSX.Element | null {
  if (!testSigner) return null;
  const t = signingT(lang);
  return (
    <p className={testBadge} data-test-signer="">
      <span>{t('testSigner', { label: testSigner.label })}</span>
      <span>{t('testSignerHint')}</span>
    </p>
  );
}

import type { DocumentStatus, SignerState } from '@qoltanba/core';
import type { JSX } from 'react';
import { badge } from './common.css';
import { useLang } from './lang';
import { documentsT } from './texts';

type Tone = keyof typeof badge;

const STATUS_TONES: Record<DocumentStatus, Tone> = {
  TRASH: 'muted',
  DRAFT: 'neutral',
  AT_SIGNING: 'progress',
  SIGNED: 'success',
  REJECTED: 'danger',
  REVOKED: 'danger',
};

const SIGNER_TONES: Record<SignerState, Tone> = {
  WAITING: 'progress',
  SIGNED: 'success',
  REJECTED: 'danger',
};

/** A document's status as a coloured badge with its localized name. */
export function StatusBadge({ status }: { status: DocumentStatus }): JSX.Element {
  const t = documentsT(useLang());
  return (
    <span className={badge[STATUS_TONES[status]]} data-status={status}>
      {t(`status.${status}`)}
    </span>
  );
}

/** A signer's state as a coloured badge with its localized name. */
export function SignerStateBadge({ state }: { state: SignerState }): JSX.Element {
  const t = documentsT(useLang());
  return (
    <span className={badge[SIGNER_TONES[state]]} data-state={state}>
      {t(`signerState.${state}`)}
    </span>
  );
}

import type { ExternalSigner, Lang, Signer, SigningMethod } from '@qoltanba/core';
import type { JSX } from 'react';
import {
  breakAnywhere,
  documentsT,
  formatDateTime,
  partyName,
  plainList,
  SignerStateBadge,
} from '../documents-common';
import { facts, item, itemHead, itemName, order } from './DocumentCard.css';
import { documentCardT } from './texts';

/** Props of {@link SignersList}. */
export interface SignersListProps {
  lang: Lang;
  /** Signers of a document; an external link's signers come without e-mail addresses. */
  signers: readonly (Signer | ExternalSigner)[];
  method: SigningMethod;
}

/**
 * The signers in their order (an ordered list: the order matters for SEQUENTIAL documents), each with name,
 * BIN/IIN, e-mail, state, when they signed and their approver.
 */
export function SignersList({ lang, signers, method }: SignersListProps): JSX.Element {
  const t = documentCardT(lang);
  const common = documentsT(lang);
  const sorted = [...signers].sort((a, b) => a.order - b.order);
  const List = method === 'SEQUENTIAL' ? 'ol' : 'ul';
  return (
    <List className={plainList}>
      {sorted.map((signer) => (
        <li key={signer.identityNumber} className={item}>
          <div className={itemHead}>
            <span className={itemName}>
              {method === 'SEQUENTIAL' ? (
                <span className={order} aria-hidden="true">
                  {signer.order}
                </span>
              ) : null}
              {partyName(signer, lang)}
            </span>
            <SignerStateBadge state={signer.state} />
          </div>
          <div className={facts}>
            <span>
              {common('identity')} {signer.identityNumber}
            </span>
            {'email' in signer ? <span className={breakAnywhere}>{signer.email}</span> : null}
            {signer.signedAt ? (
              <span>{t('signedAt', { date: formatDateTime(signer.signedAt, lang) })}</span>
            ) : null}
            {'approverEmail' in signer && signer.approverEmail ? (
              <span className={breakAnywhere}>{t('approver', { email: signer.approverEmail })}</span>
            ) : null}
          </div>
        </li>
      ))}
    </List>
  );
}

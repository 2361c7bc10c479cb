import type { Document, SigningLinkView } from '@qoltanba/core';
import { setLocale } from '@qoltanba/sdk';
import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { registerPortalTranslations } from '../i18n/portalTranslations';
import { SignerDocumentView } from './SignerDocumentView';

// The signer's page (a personal link's or an embed's) from its props alone: no server, no fake.

const AT = '2026-11-20T09:00:00.000Z';
const sender = { bin: '990340005977', nameRu: 'ТОО «Альфа»', nameKk: null };
const signerOf = (identityNumber: string, order: number, state: 'WAITING' | 'SIGNED') => ({
  identityNumber,
  email: `${identityNumber}@example.kz`,
  nameRu: `Подписант ${order}`,
  nameKk: null,
  approverEmail: null,
  order,
  state,
  signedAt: state === 'SIGNED' ? AT : null,
});

function viewOf(
  allowedActions: Document['allowedActions'],
  history?: SigningLinkView['history'],
): SigningLinkView {
  const signers = [signerOf('920715401122', 1, 'WAITING'), signerOf('850312300459', 2, 'WAITING')];
  const document: Document = {
    id: 5,
    number: 7,
    name: 'Supply contract',
    status: 'AT_SIGNING',
    lifecycleStatus: 'AT_SIGNING',
    signingMethod: 'SEQUENTIAL',
    createdAt: AT,
    updatedAt: AT,
    sender,
    role: 'signer',
    trash: null,
    folderId: null,
    creator: { userId: 'u1', firstname: 'Dana', lastname: 'Sultan' },
    files: [
      {
        id: 3,
        name: 'contract.pdf',
        format: 'pdf',
        size: 2048,
        sha256: 'a'.repeat(64),
        uploadedAt: AT,
        stored: true,
      },
    ],
    signers,
    rejection: null,
    allowedActions,
  };
  return {
    document,
    signer: signers[1] ?? signerOf('850312300459', 2, 'WAITING'),
    expiresAt: AT,
    ...(history ? { history } : {}),
  };
}

const noop = () => undefined;
const unused = () => {
  throw new Error('not used by these tests');
};
const props = {
  actions: { signWithNcaLayer: async () => 'signed' as const, start: unused, follow: unused },
  reject: async () => undefined,
  onSigned: noop,
  onRejected: noop,
  onDownload: noop,
};

describe('SignerDocumentView', () => {
  beforeEach(() => {
    registerPortalTranslations();
    setLocale('en');
  });

  it('offers Reject only on the signer’s turn, not to a later signer of a sequential document', () => {
    const { unmount } = render(<SignerDocumentView {...props} view={viewOf(['reject', 'trash'])} />);
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
    unmount();
    render(<SignerDocumentView {...props} view={viewOf(['sign', 'reject', 'trash'])} />);
    expect(screen.getByRole('button', { name: 'Reject' })).toBeTruthy();
  });

  it('shows the history the link carries, and a preview button when it can load one', () => {
    const history: NonNullable<SigningLinkView['history']> = [
      { id: 1, type: 'SEND', at: AT, actor: null, company: sender, ip: null, details: null },
    ];
    render(
      <SignerDocumentView
        {...props}
        view={viewOf(['sign', 'reject'], history)}
        loadPreview={async () => new Uint8Array()}
      />,
    );
    const region = screen.getByRole('region', { name: 'History' });
    expect(region.textContent).not.toContain('No events yet');
    expect(within(region).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Preview contract.pdf' })).toBeTruthy();
  });
});

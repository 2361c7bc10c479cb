import type { docsKk } from './kk';

/** English strings of the document, folder and counterparty screens. */
export const docsEn = {
  snack: {
    saved: 'Draft saved',
    sent: 'The document was sent for signing',
    signed: 'The document was signed',
    rejected: 'The document was rejected',
    revoked: 'The document was revoked',
    copied: 'A copy was made: it is in your drafts',
    trashed: 'The document was moved to the trash',
    restored: 'The document was restored from the trash',
    moved: 'The document was moved to the folder “{{name}}”',
    movedOut: 'The document was taken out of its folder',
  },
  editor: {
    loadFailed: 'Could not open the document',
    toDocument: 'Open the document card',
    retry: 'Try again',
  },
  preview: {
    title: 'Preview: {{name}}',
    close: 'Close the preview',
  },
  linkResent: 'The link was sent again to {{email}}',
  share: {
    open: 'Share link',
    title: 'Link to the document',
    explanation:
      'Anyone who holds the link opens the document read-only: its files, signers, history and the signature check. You can revoke the link at any time.',
    days: 'Valid for, days (1–365)',
    label: 'Who it is for (only you see this)',
    create: 'Create link',
    created: 'Link created. Copy it now: it is not shown again.',
    url: 'Link',
    copy: 'Copy',
    copied: 'Link copied',
    copyFailed: 'Could not copy: select the link by hand',
    list: "The company's links",
    none: 'No links yet.',
    createdAt: 'Created {{date}} by {{name}}',
    expiresAt: 'Valid until {{date}}',
    opened: 'Last opened {{date}}',
    revoked: 'Revoked',
    expired: 'Expired',
    revoke: 'Revoke',
    confirmRevoke: 'Revoke the link? It stops working at once.',
    confirm: 'Yes, revoke',
    cancel: 'Cancel',
    close: 'Close',
    notSent: 'A draft cannot be shared: send it for signing first.',
  },
  evidence: {
    title: 'Evidence',
    package: 'Signed package (ZIP)',
    sheet: 'Signature sheet (PDF)',
    printable: 'Printable copy: {{name}}',
  },
  viewedByLink: 'Opened by external link',
  move: {
    title: 'Move to folder',
    folder: 'Folder',
    none: 'No folder',
    submit: 'Move',
    cancel: 'Cancel',
    noFolders: 'There are no folders yet.',
    createFolder: 'Create a folder',
  },
  folders: {
    choose: 'Choose a folder to see its documents.',
    boxes: 'Documents of the folder',
    notFound: 'There is no such folder.',
  },
  /** A document the acting company cannot see (a notification's or an e-mail's link after it left or deleted it). */
  gone: {
    text: 'You cannot see this document: it was deleted, or it belongs to a company you are no longer a member of. If you are in several companies, choose the one it was sent to in the header.',
    back: 'Go to incoming documents',
  },
  counterparties: {
    added: '“{{name}}” added to your counterparties',
    updated: 'Counterparty “{{name}}” saved',
  },
} satisfies typeof docsKk;

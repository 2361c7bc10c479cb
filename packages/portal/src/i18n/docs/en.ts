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
  counterparties: {
    added: '“{{name}}” added to your counterparties',
    updated: 'Counterparty “{{name}}” saved',
  },
} satisfies typeof docsKk;

import { DOCUMENT_BOXES, GATEWAY_COOKIE, LANG_COOKIE, LAST_PROJECT_HREF_COOKIE } from '@qoltanba/core';
import {
  $counterparties,
  $folders,
  $notifications,
  $unreadNotifications,
  deleteCookie,
  documentList,
  documentStore,
} from '@qoltanba/sdk';
import { cleanup, configure } from '@testing-library/react';
import { cleanStores } from 'nanostores';
import { afterEach } from 'vitest';
import { closeAuthDialog } from '../auth/authDialog';
import { registerPortalTranslations } from '../i18n/portalTranslations';

// The app fetches one language's strings at a time; tests render in any of the three, so all are there up front.
registerPortalTranslations();

afterEach(() => {
  cleanup();
  closeAuthDialog();
  // Cookies persist in happy-dom's document between tests; clear the ones the portal writes.
  for (const name of [LANG_COOKIE, LAST_PROJECT_HREF_COOKIE, GATEWAY_COOKIE]) deleteCookie(name);
  // The sdk's shared company stores stay mounted for a second after the last screen lets go: unmount them
  // now (after clearing a list's filter and search, which mounts it), so the next test's screens load afresh
  // from the real server. Each test file's server is a fresh database clone numbering documents from 1, so the
  // first ids cover every test.
  const cleared = { filter: undefined, q: undefined, folderId: undefined, sort: undefined, order: undefined };
  for (const box of DOCUMENT_BOXES) void documentList(box).setOptions(cleared);
  void $counterparties.search('');
  const documents = Array.from({ length: 30 }, (_, index) => documentStore(index + 1));
  cleanStores(
    ...DOCUMENT_BOXES.map(documentList),
    ...documents,
    $folders,
    $counterparties,
    $notifications,
    $unreadNotifications,
  );
});

// findBy*/waitFor give up after 1 s by default, which a loaded 2-core CI machine can exceed; waiting longer only slows a failing test.
configure({ asyncUtilTimeout: 5000 });

import { GATEWAY_COOKIE, LANG_COOKIE, LAST_PROJECT_HREF_COOKIE } from '@qoltanba/core';
import { deleteCookie } from '@qoltanba/sdk';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { closeAuthDialog } from '../auth/authDialog';

afterEach(() => {
  cleanup();
  closeAuthDialog();
  // Cookies persist in happy-dom's document between tests; clear the ones the portal writes.
  for (const name of [LANG_COOKIE, LAST_PROJECT_HREF_COOKIE, GATEWAY_COOKIE]) deleteCookie(name);
});

// findBy*/waitFor give up after 1 s by default, which a loaded 2-core CI machine can exceed; waiting longer only slows a failing test.
configure({ asyncUtilTimeout: 5000 });

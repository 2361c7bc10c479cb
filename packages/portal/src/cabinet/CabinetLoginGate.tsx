import { mdiLogin } from '@mdi/js';
import { Icon } from '@qoltanba/widgets';
import { type JSX, useLayoutEffect } from 'react';
import { openAuthDialog } from '../auth/authDialog';
import { usePortalT } from '../i18n';
import { MessageScreen } from '../screens/MessageScreen';
import * as screens from '../screens/screens.css';

/**
 * What an anonymous visitor sees on any `/cabinet` path: a request to log in, with the authentication dialog
 * opened at once. The path stays, so the requested screen shows as soon as the login succeeds.
 */
export function CabinetLoginGate(): JSX.Element {
  const { t } = usePortalT();
  // Before the first paint: the dialog shows with the page, not in a second paint after it (issue 22's LCP).
  useLayoutEffect(() => openAuthDialog(), []);
  return (
    <MessageScreen name="CabinetLoginGate" title={t('gate.title')} text={t('gate.text')}>
      <button type="button" className={screens.primaryButton} onClick={openAuthDialog}>
        <Icon path={mdiLogin} size={20} />
        {t('gate.action')}
      </button>
    </MessageScreen>
  );
}

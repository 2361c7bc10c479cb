import { mdiRefresh } from '@mdi/js';
import type { ErrorCode } from '@qoltanba/core';
import { getT, reloadCompanies, reportError, translateError } from '@qoltanba/sdk';
import { Icon } from '@qoltanba/widgets';
import type { JSX } from 'react';
import { usePortalT } from '../i18n';
import { MessageScreen } from '../screens/MessageScreen';
import * as screens from '../screens/screens.css';

/**
 * The cabinet when the company list could not be loaded: the catalogue text of the failure in the current
 * language and "Try again". Not onboarding: the user may well have companies.
 */
export function CabinetCompaniesError({ code }: { code: ErrorCode }): JSX.Element {
  const { t, lang } = usePortalT();
  const text = translateError(code, lang);
  return (
    <MessageScreen
      name="CabinetCompaniesError"
      title={t('companiesError.title')}
      // A catalogue text that wants parameters (e.g. a wait time) we do not have would show a placeholder.
      text={/\{\w+\}/.test(text) ? getT('common', lang)('unknownError') : text}
      alert
    >
      <button
        type="button"
        className={screens.primaryButton}
        // The sdk's $companiesLoad shows the outcome; the rejection only needs reporting.
        onClick={() =>
          void reloadCompanies().catch((error: unknown) => reportError(error, { action: 'retry-companies' }))
        }
      >
        <Icon path={mdiRefresh} size={20} />
        {t('companiesError.retry')}
      </button>
    </MessageScreen>
  );
}

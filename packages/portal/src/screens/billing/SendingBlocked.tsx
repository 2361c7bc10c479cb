import { TARIFFS_PAGE } from '@qoltanba/core';
import { $tariff } from '@qoltanba/sdk';
import type { JSX } from 'react';
import { Link } from 'react-router';
import { useSdkStore } from '../../app/useSdkStore';
import { usePortalT } from '../../i18n';
import * as css from '../screens.css';
import * as billing from './billing.css';

/**
 * Above the document form: sending is not possible now (the free documents used up, or the paid plan over), said
 * before the form is filled, with the way to the plans; nothing while the tariff is active or still loading.
 */
export function SendingBlocked(): JSX.Element | null {
  const { t } = usePortalT();
  const { state } = useSdkStore($tariff);
  if (state.active || state.type === 'loading') return null;
  return (
    <p role="status" className={`${css.panel} ${billing.blocked}`} data-sending-blocked>
      {t('billing.cannotSend')} {t('billing.draftsStillSaved')}{' '}
      <Link to={TARIFFS_PAGE}>{t('billing.choosePlan')}</Link>
    </p>
  );
}

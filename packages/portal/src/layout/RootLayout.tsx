import { useStore } from '@nanostores/react';
import { $loading } from '@qoltanba/sdk';
import { type JSX, useRef } from 'react';
import { Outlet } from 'react-router';
import { PortalAuthDialog } from '../auth/PortalAuthDialog';
import { useHelpWidget } from '../help/useHelpWidget';
import { usePortalT } from '../i18n';
import * as css from './layout.css';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';
import { TopProgress } from './TopProgress';
import { useRouteAnnouncements } from './useRouteAnnouncements';

/** The id of `<main>`, the skip link's target. */
export const MAIN_ID = 'main';

/**
 * Page frame of every route: progress bar, skip link, header, `<main>` (busy while requests run), footer, auth
 * dialog, and the floating help widget.
 */
export function RootLayout(): JSX.Element {
  const { t } = usePortalT();
  const mainRef = useRef<HTMLElement>(null);
  const loading = useStore($loading);
  useRouteAnnouncements(mainRef);
  useHelpWidget();
  return (
    <div className={css.shell}>
      <TopProgress />
      <a className={css.skipLink} href={`#${MAIN_ID}`}>
        {t('skipLink')}
      </a>
      <SiteHeader />
      <main id={MAIN_ID} ref={mainRef} tabIndex={-1} className={css.main} aria-busy={loading}>
        <Outlet />
      </main>
      <SiteFooter />
      <PortalAuthDialog />
    </div>
  );
}

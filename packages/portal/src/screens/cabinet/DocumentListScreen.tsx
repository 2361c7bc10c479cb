import { mdiFileSearchOutline } from '@mdi/js';
import { Icon } from '@qoltanba/widgets';
import type { JSX } from 'react';
import { usePortalT } from '../../i18n';
import type { ListStatus } from '../../routes/routeTable';
import { useCurrentRoute } from '../../routes/useCurrentRoute';
import { ScreenHeading } from '../ScreenHeading';
import * as css from '../screens.css';

/** Props of {@link DocumentList}. */
export interface DocumentListProps {
  status: ListStatus;
}

/** The one list screen for incoming, outgoing, drafts and trash, filtered by `status`. */
export function DocumentList({ status }: DocumentListProps): JSX.Element {
  const { t } = usePortalT();
  const { name } = useCurrentRoute();
  return (
    <section className={css.screen} data-route={name} data-status={status}>
      <ScreenHeading>{t(`titles.${name}`)}</ScreenHeading>
      <p className={css.lead}>{t(`texts.${name}`)}</p>
      <div className={css.panel}>
        <span className={css.tileIcon}>
          <Icon path={mdiFileSearchOutline} size={32} />
        </span>
        <p>{t('cabinet.emptyList')}</p>
      </div>
    </section>
  );
}

/** Route screen: reads the status filter from the route table entry. */
export default function DocumentListScreen(): JSX.Element {
  const { entry } = useCurrentRoute();
  return <DocumentList status={entry.listStatus ?? 'incoming'} />;
}

import {
  $locale,
  $supportInbox,
  $supportOperator,
  downloadSupportAttachment,
  errorTextOf,
  showSnackbar,
  supportAttachmentUrl,
  translateError,
} from '@qoltanba/sdk';
import {
  SupportCloseButton,
  SupportConversationList,
  SupportReplyForm,
  SupportThread,
} from '@qoltanba/widgets';
import { type JSX, useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { media } from '../../app/breakpoints';
import { saveFile } from '../../app/saveFile';
import { useSdkStore } from '../../app/useSdkStore';
import { usePortalT } from '../../i18n';
import { useMediaQuery } from '../../layout/useMediaQuery';
import { ROUTE_NAMES } from '../../routes/routeNames';
import { pathTo } from '../../routes/routePaths';
import { MessageScreen } from '../MessageScreen';
import { ScreenHeading } from '../ScreenHeading';
import { ScreenLoading } from '../ScreenLoading';
import * as css from '../screens.css';
import * as inboxCss from './support/supportInbox.css';
import { usePageVisible } from './support/usePageVisible';

/** The query parameter naming the open conversation. */
export const CONVERSATION_PARAM = 'conversation';

/** The inbox address with a conversation open. */
export function conversationHref(id: number): string {
  return `${pathTo('SupportInbox')}?${CONVERSATION_PARAM}=${id}`;
}

function openIdOf(params: URLSearchParams): number | undefined {
  const value = params.get(CONVERSATION_PARAM) ?? '';
  return /^[1-9][0-9]{0,15}$/.test(value) ? Number(value) : undefined;
}

function download(conversationId: number, attachment: { id: number; name: string }): void {
  downloadSupportAttachment(conversationId, attachment.id).then(
    ({ blob, fileName }) => saveFile(blob, fileName ?? attachment.name),
    (error: unknown) => showSnackbar({ message: errorTextOf(error, $locale.get()), kind: 'error' }),
  );
}

/** The list and the open conversation: side by side on wide screens, one at a time (two screens) on phones. */
function Inbox(): JSX.Element {
  const { t } = usePortalT();
  const inbox = useSdkStore($supportInbox);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const narrow = useMediaQuery(media.narrow);
  const visible = usePageVisible();
  const openId = openIdOf(params);

  useEffect(() => {
    void $supportInbox.open(openId);
  }, [openId]);
  // Read marks only while the operator can see the conversation: it is open and the page is visible.
  const reading = openId !== undefined && visible;
  useEffect(() => {
    $supportInbox.setReading(reading);
    return () => $supportInbox.setReading(false);
  }, [reading]);

  const thread = inbox.thread?.id === openId ? inbox.thread : undefined;
  const conversation = thread?.conversation;
  const list = (
    <SupportConversationList
      className={inboxCss.list}
      conversations={inbox.items}
      status={inbox.status}
      onStatusChange={(status) => void $supportInbox.setStatus(status)}
      selectedId={openId}
      hrefOf={(item) => conversationHref(item.id)}
      onOpen={(item) => void navigate(conversationHref(item.id))}
      loading={inbox.listStatus === 'loading' || inbox.listStatus === 'idle'}
      error={inbox.error}
      onRetry={() => void $supportInbox.reload()}
      hasMore={inbox.hasMore}
      loadingMore={inbox.loadingMore}
      onLoadMore={() => void $supportInbox.loadMore()}
    />
  );
  const threadView =
    openId === undefined ? (
      <p className={`${css.muted} ${inboxCss.placeholder}`}>{t('support.choose')}</p>
    ) : (
      <SupportThread
        className={inboxCss.thread}
        conversation={conversation}
        messages={thread?.messages ?? []}
        {...(thread?.hasEarlier ? { onLoadEarlier: () => void $supportInbox.loadEarlier() } : {})}
        loadingEarlier={thread?.loadingEarlier ?? false}
        loading={thread === undefined || thread.status === 'loading'}
        error={thread?.error}
        onRetry={() => void $supportInbox.open(openId)}
        attachmentHref={(attachment) => supportAttachmentUrl(openId, attachment.id)}
        onDownload={(attachment) => download(openId, attachment)}
        {...(narrow ? { onBack: () => void navigate(pathTo('SupportInbox')) } : {})}
        backLabel={t('support.backToList')}
        actions={
          conversation?.status === 'open' ? (
            <SupportCloseButton onClose={() => $supportInbox.close()} />
          ) : undefined
        }
      >
        {conversation ? (
          <SupportReplyForm
            closed={conversation.status === 'closed'}
            onSend={(text) => $supportInbox.reply(text)}
          />
        ) : null}
      </SupportThread>
    );

  return (
    <>
      {inbox.connection === 'reconnecting' ? (
        <p role="status" className={inboxCss.banner}>
          {t('support.reconnecting')}
        </p>
      ) : null}
      {inbox.connection === 'closed' && inbox.connectionError ? (
        <p role="alert" className={inboxCss.banner}>
          {t('support.liveOff')}
        </p>
      ) : null}
      {narrow ? (
        <div className={inboxCss.single}>{openId === undefined ? list : threadView}</div>
      ) : (
        <div className={inboxCss.split}>
          {list}
          <div className={inboxCss.threadPane}>{threadView}</div>
        </div>
      )}
    </>
  );
}

/**
 * The support operators' inbox (`/cabinet/support`, core's SUPPORT_INBOX_PAGE): conversations from the help widget
 * with unread counts, kept live; the open one (`?conversation=<id>`) is marked read while visible, answered and
 * closed here. A signed-in user who is not an operator is told so.
 */
export default function SupportInboxScreen(): JSX.Element {
  const { t, lang } = usePortalT();
  const operator = useSdkStore($supportOperator);
  if (operator.status === 'failed') {
    return (
      <MessageScreen
        name="SupportInboxFailed"
        title={t('support.statusFailed')}
        text={translateError(operator.error ?? 'INTERNAL_ERROR', lang)}
        alert
      >
        <button type="button" className={css.primaryButton} onClick={() => void $supportOperator.reload()}>
          {t('support.retry')}
        </button>
      </MessageScreen>
    );
  }
  if (operator.status !== 'loaded') return <ScreenLoading />;
  if (!operator.operator) {
    return (
      <MessageScreen
        name="SupportInboxOperatorsOnly"
        title={t('support.operatorsOnly.title')}
        text={t('support.operatorsOnly.text')}
      >
        <Link to={pathTo('Cabinet')} className={css.secondaryButton}>
          {t('notFound.backCabinet')}
        </Link>
      </MessageScreen>
    );
  }
  return (
    <section className={css.screen} data-route={ROUTE_NAMES.SupportInbox}>
      <ScreenHeading>{t('titles.SupportInbox')}</ScreenHeading>
      <Inbox />
    </section>
  );
}

import type { ApiKey } from '@qoltanba/core';
import { $apiKeys, $currentCompany, showSnackbar, translateError } from '@qoltanba/sdk';
import { type JSX, useState } from 'react';
import { useSdkStore } from '../../app/useSdkStore';
import { usePortalT } from '../../i18n';
import { ROUTE_NAMES } from '../../routes/routeNames';
import { ScreenHeading } from '../ScreenHeading';
import * as css from '../screens.css';
import {
  ApiKeyFormDialog,
  DeliveryLogDialog,
  formatWhen,
  RevokeDialog,
  SecretDialog,
} from './apiKeys/ApiKeyDialogs';
import * as keysCss from './apiKeys/apiKeys.css';

/** Which dialog is open. */
type Open =
  | { kind: 'create' }
  | { kind: 'edit'; apiKey: ApiKey }
  | { kind: 'secrets'; secret: string | null; webhookSecret: string | null }
  | { kind: 'revoke'; apiKey: ApiKey }
  | { kind: 'log'; apiKey: ApiKey };

function KeyTable({ keys, onOpen }: { keys: readonly ApiKey[]; onOpen: (open: Open) => void }): JSX.Element {
  const { t, lang } = usePortalT();
  const columns = ['name', 'key', 'origins', 'webhook', 'created', 'lastUsed', 'status', 'actions'] as const;
  return (
    <div className={keysCss.tableWrap}>
      <table className={keysCss.table} aria-label={t('apiKeys.listLabel')}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className={keysCss.headCell}>
                {t(`apiKeys.columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key.id} className={key.revokedAt ? keysCss.revokedRow : undefined}>
              <th scope="row" className={keysCss.cell}>
                {key.name}
              </th>
              <td className={`${keysCss.cell} ${keysCss.code}`}>{key.prefix}…</td>
              <td className={keysCss.cell}>
                {key.allowedOrigins.map((origin) => (
                  <div key={origin}>{origin}</div>
                ))}
              </td>
              <td className={keysCss.cell}>{key.webhookUrl ?? t('apiKeys.none')}</td>
              <td className={keysCss.cell}>
                {t('apiKeys.createdBy', { date: formatWhen(key.createdAt, lang), name: key.createdBy })}
              </td>
              <td className={keysCss.cell}>
                {key.lastUsedAt ? formatWhen(key.lastUsedAt, lang) : t('apiKeys.never')}
              </td>
              <td className={keysCss.cell}>
                {key.revokedAt
                  ? t('apiKeys.revoked', { date: formatWhen(key.revokedAt, lang) })
                  : t('apiKeys.active')}
              </td>
              <td className={keysCss.cell}>
                <div className={keysCss.actions}>
                  {key.revokedAt ? null : (
                    <button
                      type="button"
                      className={css.secondaryButton}
                      aria-label={t('apiKeys.editLabel', { name: key.name })}
                      onClick={() => onOpen({ kind: 'edit', apiKey: key })}
                    >
                      {t('apiKeys.edit')}
                    </button>
                  )}
                  <button
                    type="button"
                    className={css.secondaryButton}
                    aria-label={t('apiKeys.deliveriesLabel', { name: key.name })}
                    onClick={() => onOpen({ kind: 'log', apiKey: key })}
                  >
                    {t('apiKeys.deliveries')}
                  </button>
                  {key.revokedAt ? null : (
                    <button
                      type="button"
                      className={css.secondaryButton}
                      aria-label={t('apiKeys.revokeLabel', { name: key.name })}
                      onClick={() => onOpen({ kind: 'revoke', apiKey: key })}
                    >
                      {t('apiKeys.revoke')}
                    </button>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The partner API keys of the acting company (`/cabinet/company/api-keys`, ours), for its administrator: list,
 * create (the secret and webhook secret shown once, with copy buttons and a warning), edit name, sites and webhook
 * URL, revoke after confirming, and each key's webhook delivery log. Other members see why they cannot.
 */
export default function ApiKeysScreen(): JSX.Element {
  const { t } = usePortalT();
  const company = useSdkStore($currentCompany);
  const admin = company?.isAdmin === true;
  return (
    <section className={css.screen} data-route={ROUTE_NAMES.ApiKeys}>
      <ScreenHeading>{t('titles.ApiKeys')}</ScreenHeading>
      <p className={css.lead}>{t('texts.ApiKeys')}</p>
      {admin ? (
        <KeyManagement />
      ) : (
        <p className={`${css.panel} ${css.narrowPanel}`}>{t('apiKeys.notAdmin')}</p>
      )}
    </section>
  );
}

function KeyManagement(): JSX.Element {
  const { t, lang } = usePortalT();
  const state = useSdkStore($apiKeys);
  const [open, setOpen] = useState<Open>();
  const close = () => setOpen(undefined);
  const loading = state.status === 'loading' || state.status === 'idle';
  return (
    <>
      <div>
        <button type="button" className={css.primaryButton} onClick={() => setOpen({ kind: 'create' })}>
          {t('apiKeys.create')}
        </button>
      </div>
      {state.status === 'failed' ? (
        <div role="alert" className={`${css.panel} ${css.narrowPanel}`}>
          <p>
            {state.error === 'API_KEY_FORBIDDEN'
              ? t('apiKeys.notAdmin')
              : `${t('apiKeys.loadFailed')}: ${translateError(state.error ?? 'INTERNAL_ERROR', lang)}`}
          </p>
          <button type="button" className={css.secondaryButton} onClick={() => void $apiKeys.reload()}>
            {t('apiKeys.retry')}
          </button>
        </div>
      ) : null}
      {!loading && state.status !== 'failed' && state.items.length === 0 ? (
        <p className={css.muted}>{t('apiKeys.empty')}</p>
      ) : null}
      <div aria-busy={loading || undefined}>
        {state.items.length > 0 ? <KeyTable keys={state.items} onOpen={setOpen} /> : null}
      </div>

      {open?.kind === 'create' ? (
        <ApiKeyFormDialog
          onClose={close}
          onSubmit={async (input) => {
            const created = await $apiKeys.create(input);
            showSnackbar({
              message: t('apiKeys.snack.created', { name: created.apiKey.name }),
              kind: 'success',
            });
            setOpen({ kind: 'secrets', secret: created.secret, webhookSecret: created.webhookSecret });
          }}
        />
      ) : null}
      {open?.kind === 'edit' ? (
        <ApiKeyFormDialog
          apiKey={open.apiKey}
          onClose={close}
          onSubmit={async (input) => {
            const saved = await $apiKeys.update(open.apiKey.id, input);
            showSnackbar({ message: t('apiKeys.snack.updated', { name: saved.name }), kind: 'success' });
            setOpen(
              saved.webhookSecret
                ? { kind: 'secrets', secret: null, webhookSecret: saved.webhookSecret }
                : undefined,
            );
          }}
        />
      ) : null}
      {open?.kind === 'secrets' ? (
        <SecretDialog secret={open.secret} webhookSecret={open.webhookSecret} onClose={close} />
      ) : null}
      {open?.kind === 'revoke' ? (
        <RevokeDialog
          apiKey={open.apiKey}
          onClose={close}
          onConfirm={async () => {
            await $apiKeys.revoke(open.apiKey.id);
            showSnackbar({
              message: t('apiKeys.snack.revoked', { name: open.apiKey.name }),
              kind: 'success',
            });
            close();
          }}
        />
      ) : null}
      {open?.kind === 'log' ? <DeliveryLogDialog apiKey={open.apiKey} onClose={close} /> : null}
    </>
  );
}

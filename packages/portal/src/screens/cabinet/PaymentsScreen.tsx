import { type BillingHistoryEntry, formatDate, type Order, type PaymentInvoice } from '@qoltanba/core';
import {
  $currentCompany,
  errorTextOf,
  generateInvoice,
  invoiceDownloadUrl,
  listBillingHistory,
} from '@qoltanba/sdk';
import { type JSX, useCallback, useEffect, useState } from 'react';
import { useSdkStore } from '../../app/useSdkStore';
import { usePortalT } from '../../i18n';
import { ROUTE_NAMES } from '../../routes/routeNames';
import * as billing from '../billing/billing.css';
import { formatTenge, TariffBlock } from '../billing/TariffPlans';
import { ScreenHeading } from '../ScreenHeading';
import * as css from '../screens.css';

interface Loaded {
  entries: BillingHistoryEntry[];
  balance: number;
  /** The cursor of the next (older) page; null on the last one. */
  nextCursor: string | null;
}

/**
 * The invoice of an order, downloaded again; an order without one gets it issued (issued once: asking again answers
 * the same invoice).
 */
function InvoiceDownload({ order, invoice }: { order: Order; invoice: PaymentInvoice | null }): JSX.Element {
  const { t, lang } = usePortalT();
  const [error, setError] = useState<string>();
  const download = async () => {
    setError(undefined);
    try {
      const issued = invoice ?? (await generateInvoice(order));
      window.location.assign(await invoiceDownloadUrl(issued.id));
    } catch (caught) {
      setError(errorTextOf(caught, lang));
    }
  };
  return (
    <>
      <button
        type="button"
        className={css.secondaryButton}
        aria-label={t('billing.payments.download', { number: invoice?.number ?? order.id })}
        onClick={() => void download()}
      >
        {t('billing.payments.invoice')}
      </button>
      {error ? <p role="alert">{error}</p> : null}
    </>
  );
}

/**
 * Payment history (`/cabinet/payments`): the tariff block, the personal account balance, and the company's orders
 * with their status, period, payments and the invoice to download again.
 */
export default function PaymentsScreen(): JSX.Element {
  const { t, lang } = usePortalT();
  const company = useSdkStore($currentCompany);
  const [loaded, setLoaded] = useState<Loaded | 'failed'>();
  const [moreFailed, setMoreFailed] = useState<string>();
  // One call a page: the orders with their invoices and payments, and the balance.
  const load = useCallback(async () => {
    setLoaded(undefined);
    setMoreFailed(undefined);
    try {
      const page = await listBillingHistory();
      setLoaded({ entries: page.items, balance: page.balance, nextCursor: page.nextCursor });
    } catch {
      setLoaded('failed');
    }
  }, []);
  const loadMore = async (current: Loaded) => {
    if (!current.nextCursor) return;
    setMoreFailed(undefined);
    try {
      const page = await listBillingHistory({ cursor: current.nextCursor });
      setLoaded({
        entries: [...current.entries, ...page.items],
        balance: page.balance,
        nextCursor: page.nextCursor,
      });
    } catch (caught) {
      setMoreFailed(errorTextOf(caught, lang));
    }
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload when the acting company changes.
  useEffect(() => void load(), [load, company?.bin]);
  const status = (order: Order) =>
    order.status === 'PAID'
      ? t('billing.payments.status.PAID')
      : order.paid > 0
        ? t('billing.payments.status.PARTIAL', { paid: formatTenge(order.paid, lang) })
        : t('billing.payments.status.NEW');
  return (
    <section className={css.screen} data-route={ROUTE_NAMES.Payments}>
      <ScreenHeading>{t('titles.Payments')}</ScreenHeading>
      <TariffBlock />
      {loaded === undefined ? <p role="status">{t('billing.loading')}</p> : null}
      {loaded === 'failed' ? (
        <div role="alert">
          <p>{t('billing.loadFailed')}</p>
          <button type="button" className={css.secondaryButton} onClick={() => void load()}>
            {t('billing.retry')}
          </button>
        </div>
      ) : null}
      {loaded && loaded !== 'failed' ? (
        <>
          <p data-balance>{t('billing.payments.balance', { amount: formatTenge(loaded.balance, lang) })}</p>
          {loaded.entries.length === 0 ? (
            <p>{t('billing.payments.empty')}</p>
          ) : (
            <div className={billing.tableWrap}>
              <table className={billing.table}>
                <caption className={css.visuallyHiddenHeading}>{t('billing.payments.ordersLabel')}</caption>
                <thead>
                  <tr>
                    {(['order', 'plan', 'amount', 'status', 'period', 'invoice'] as const).map((column) => (
                      <th key={column} scope="col" className={billing.cell}>
                        {t(`billing.payments.columns.${column}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {loaded.entries.map(({ order, invoice, payments }) => {
                    return (
                      <tr
                        key={order.id}
                        data-order={order.id}
                        data-invoice={invoice?.number}
                        data-status={order.status}
                      >
                        <th scope="row" className={billing.cell}>
                          № {order.id}
                          <br />
                          <span className={css.muted}>{formatDate(order.createdAt, lang)}</span>
                        </th>
                        <td className={billing.cell}>{t(`billing.plans.${order.plan}`)}</td>
                        <td className={billing.cell}>{formatTenge(order.amount, lang)}</td>
                        <td className={billing.cell}>
                          {status(order)}
                          {payments.length > 0 ? (
                            <>
                              <br />
                              <span className={css.muted} data-payments>
                                {t('billing.payments.paymentsOf', {
                                  list: payments
                                    .map(
                                      (payment) =>
                                        `${formatTenge(payment.amount, lang)} (${formatDate(payment.registeredAt, lang)})`,
                                    )
                                    .join(', '),
                                })}
                              </span>
                            </>
                          ) : null}
                        </td>
                        <td className={billing.cell}>
                          {order.startsAt && order.endsAt
                            ? t('billing.payments.period', {
                                from: formatDate(order.startsAt, lang),
                                to: formatDate(order.endsAt, lang),
                              })
                            : '—'}
                        </td>
                        <td className={billing.cell}>
                          <InvoiceDownload order={order} invoice={invoice} />
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
          {loaded.nextCursor ? (
            <button type="button" className={css.secondaryButton} onClick={() => void loadMore(loaded)}>
              {t('billing.payments.more')}
            </button>
          ) : null}
          {moreFailed ? <p role="alert">{moreFailed}</p> : null}
        </>
      ) : null}
    </section>
  );
}

import { useStore } from '@nanostores/react';
import {
  type TariffPlans as Catalogue,
  currentPeriod,
  FREE_DOCUMENTS,
  formatDate,
  type Lang,
  type Order,
  type PaidPlanId,
  type PaymentInvoice,
} from '@qoltanba/core';
import {
  $auth,
  $currentCompany,
  $tariff,
  createOrder,
  errorTextOf,
  generateInvoice,
  getTariffPlans,
  invoiceDownloadUrl,
  listOrders,
} from '@qoltanba/sdk';
import { type JSX, useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useSdkStore } from '../../app/useSdkStore';
import { usePortalT } from '../../i18n';
import { ROUTE_PATHS } from '../../routes/routePaths';
import * as css from '../screens.css';
import * as billing from './billing.css';

const LOCALE_TAGS: Record<Lang, string> = { kk: 'kk-KZ', ru: 'ru-RU', en: 'en-GB' };

/**
 * Tenge as people read them in `lang`, always with the tenge sign (`5 000 ₸` in Kazakh and Russian, `₸5,000` in
 * English; Russian's default would print the code, `5 000 KZT`), tiyn only when there are any.
 */
export function formatTenge(amount: number, lang: Lang): string {
  return new Intl.NumberFormat(LOCALE_TAGS[lang], {
    style: 'currency',
    currency: 'KZT',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

/** The acting company's tariff: documents left or the end date, and a clear state when sending is not possible. */
export function TariffBlock(): JSX.Element {
  const { t, lang } = usePortalT();
  const { state, documentsLeft, endsAt, daysLeft } = useSdkStore($tariff);
  let text: string;
  if (state.type === 'loading') text = t('billing.loading');
  else if (state.active && state.type === 'by_count')
    text = t('billing.documentsLeft', { count: documentsLeft ?? 0 });
  else if (state.active && endsAt) {
    text = `${t('billing.activeUntil', { date: formatDate(endsAt, lang) })}. ${t('billing.daysLeft', { count: daysLeft ?? 0 })}`;
  } else if (endsAt) text = t('billing.expired', { date: formatDate(endsAt, lang) });
  else text = state.type === 'by_count' ? t('billing.freeUsed', { count: FREE_DOCUMENTS }) : '';
  return (
    <section className={css.panel} aria-labelledby="tariff-block-title" data-tariff={state.type}>
      <h2 id="tariff-block-title" className={billing.planName}>
        {t('billing.current')}
      </h2>
      <p role="status">{text}</p>
      {!state.active && state.type !== 'loading' ? (
        <p className={billing.blocked} role="alert">
          {t('billing.cannotSend')}
        </p>
      ) : null}
      <Link to={ROUTE_PATHS.Payments}>{t('billing.paymentsLink')}</Link>
    </section>
  );
}

/**
 * The invoice of a bought plan, with its PDF link and how to pay it. It takes the place of the "buy" button, so the
 * focus moves to the download link (else a keyboard user is left on the page's body).
 */
function InvoiceReady({ invoice, url }: { invoice: PaymentInvoice; url: string }): JSX.Element {
  const { t, lang } = usePortalT();
  const link = useRef<HTMLAnchorElement>(null);
  useEffect(() => link.current?.focus(), []);
  return (
    <div role="status" className={css.panel}>
      <p>
        {t('billing.invoiceReady', { number: invoice.number, amount: formatTenge(invoice.amount, lang) })}
      </p>
      <a ref={link} className={css.primaryButton} href={url} download>
        {t('billing.download')}
      </a>
      <p className={css.muted}>{t('billing.payHint', { uin: invoice.uin })}</p>
    </div>
  );
}

/** A plan paid at once from the personal account: when it runs (the focus moves here from the "buy" it replaces). */
function PaidFromBalance({ order }: { order: Order }): JSX.Element {
  const { t, lang } = usePortalT();
  const note = useRef<HTMLParagraphElement>(null);
  useEffect(() => note.current?.focus(), []);
  return (
    <p ref={note} role="status" tabIndex={-1} className={css.panel}>
      {t('billing.paidFromBalance', {
        from: formatDate(order.startsAt ?? order.createdAt, lang),
        to: formatDate(order.endsAt ?? order.createdAt, lang),
      })}
    </p>
  );
}

/**
 * "Buy": an order of the plan paid from the personal account when its balance covers the price (an overpayment
 * lands there), else its invoice and the invoice's download link.
 */
function BuyPlan({ plan, name }: { plan: PaidPlanId; name: string }): JSX.Element {
  const { t, lang } = usePortalT();
  const [state, setState] = useState<
    | { kind: 'idle' }
    | { kind: 'busy' }
    | { kind: 'ready'; invoice: PaymentInvoice; url: string }
    | { kind: 'paid'; order: Order }
    | { kind: 'failed'; message: string }
  >({ kind: 'idle' });
  const buy = async () => {
    setState({ kind: 'busy' });
    try {
      const order = await createOrder(plan, { checkPaid: true });
      if (order.status === 'PAID') {
        setState({ kind: 'paid', order });
        await $tariff.refresh();
        return;
      }
      const invoice = await generateInvoice(order);
      setState({ kind: 'ready', invoice, url: await invoiceDownloadUrl(invoice.id) });
    } catch (error) {
      setState({ kind: 'failed', message: errorTextOf(error, lang) });
    }
  };
  if (state.kind === 'ready') return <InvoiceReady invoice={state.invoice} url={state.url} />;
  if (state.kind === 'paid') return <PaidFromBalance order={state.order} />;
  return (
    <>
      <button
        type="button"
        className={css.primaryButton}
        aria-label={t('billing.buyLabel', { plan: name })}
        disabled={state.kind === 'busy'}
        onClick={() => void buy()}
      >
        {state.kind === 'busy' ? t('billing.buying') : t('billing.buy')}
      </button>
      {state.kind === 'failed' ? <p role="alert">{state.message}</p> : null}
    </>
  );
}

/**
 * The paid plan whose period runs now (the order paid for it), while `active`; asked again when the paid run's end
 * changes (a plan bought ahead). undefined before the answer, on the free plan, and when the orders cannot be read.
 */
function useCurrentPaidPlan(active: boolean, endsAt: Date | undefined): PaidPlanId | undefined {
  const [plan, setPlan] = useState<PaidPlanId>();
  const end = endsAt?.getTime();
  // biome-ignore lint/correctness/useExhaustiveDependencies: ask again when the paid run's end moves.
  useEffect(() => {
    setPlan(undefined);
    if (!active) return;
    let current = true;
    listOrders().then(
      (orders) => {
        const now = new Date();
        const running = orders.find(
          (order) =>
            order.status === 'PAID' &&
            order.startsAt !== null &&
            order.endsAt !== null &&
            currentPeriod([{ startsAt: new Date(order.startsAt), endsAt: new Date(order.endsAt) }], now),
        );
        if (current && running && running.plan !== 'free') setPlan(running.plan);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [active, end]);
  return plan;
}

/**
 * The plans side by side (one under another on narrow screens): price, the yearly saving, what each includes, the
 * company's current plan marked, and "buy" for the paid ones when signed in with a company.
 */
export function TariffPlans(): JSX.Element {
  const { t, lang } = usePortalT();
  const auth = useStore($auth);
  const company = useSdkStore($currentCompany);
  const tariff = useSdkStore($tariff);
  const [catalogue, setCatalogue] = useState<Catalogue | 'failed'>();
  const load = useCallback(() => {
    setCatalogue(undefined);
    getTariffPlans().then(setCatalogue, () => setCatalogue('failed'));
  }, []);
  useEffect(load, [load]);
  const canBuy = auth.status === 'authenticated' && company !== undefined;
  const paidPlan = useCurrentPaidPlan(
    canBuy && tariff.state.active && tariff.state.type === 'by_date',
    tariff.endsAt,
  );
  if (catalogue === undefined) return <p role="status">{t('billing.loading')}</p>;
  if (catalogue === 'failed') {
    return (
      <div role="alert">
        <p>{t('billing.loadFailed')}</p>
        <button type="button" className={css.secondaryButton} onClick={load}>
          {t('billing.retry')}
        </button>
      </div>
    );
  }
  // The free plan is marked while its documents last; a paid plan while its period runs.
  const onFreePlan = canBuy && tariff.state.type === 'by_count' && tariff.state.active;
  const isCurrent = (id: string) => (id === 'free' ? onFreePlan : id === paidPlan);
  return (
    <>
      <ul className={billing.plans} aria-label={t('billing.plansLabel')}>
        {catalogue.plans.map((plan) => {
          const name = t(`billing.plans.${plan.id}`);
          const current = isCurrent(plan.id);
          return (
            <li
              key={plan.id}
              className={`${billing.plan} ${current ? billing.currentPlan : ''}`}
              data-plan={plan.id}
            >
              <h2 className={billing.planName}>{name}</h2>
              {current ? <span className={billing.badge}>{t('billing.current')}</span> : null}
              <p className={billing.price}>
                {plan.id === 'free'
                  ? t('billing.free')
                  : t(plan.months === 12 ? 'billing.perYear' : 'billing.perMonth', {
                      price: formatTenge(plan.priceTenge, lang),
                    })}
              </p>
              {plan.id !== 'free' && plan.savingPercent > 0 ? (
                <span className={billing.badge}>{t('billing.saving', { percent: plan.savingPercent })}</span>
              ) : null}
              <p>
                {plan.id === 'free'
                  ? t('billing.includes.free', { count: plan.maxNumOfDocs })
                  : t(`billing.includes.${plan.id}`)}
              </p>
              {plan.id === 'free' ? null : canBuy ? (
                <BuyPlan plan={plan.id} name={name} />
              ) : (
                <Link to={ROUTE_PATHS.CabinetTariffs}>{t('billing.loginToBuy')}</Link>
              )}
            </li>
          );
        })}
      </ul>
      <p className={css.muted}>{t('billing.incomingFree')}</p>
    </>
  );
}

/** The billing module's front door (tariffs, orders, invoices, payments): the only file other modules and app wiring import. */

export {
  type BillingConfig,
  billingConfigFromEnv,
  billingEnv,
  type SellerRequisites,
} from './billing-env.js';
export { billingModule, runBillingNoticesOf } from './billing-module.js';
export { BILLING_NOTICES_JOB, type BillingNoticesRound } from './billing-notices.js';
export {
  billingOperatorLogin,
  grantBillingOperator,
  type RegisteredPaymentRows,
  registerPayment,
  revokeBillingOperator,
} from './payment-store.js';
export { importStatement, type StatementFile } from './statement-import.js';

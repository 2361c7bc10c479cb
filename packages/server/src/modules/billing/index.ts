/** The billing module's front door (tariffs, orders, invoices, payments): the only file other modules and app wiring import. */

export {
  type BillingConfig,
  billingConfigFromEnv,
  billingEnv,
  type SellerRequisites,
} from './billing-env.js';
export { billingModule } from './billing-module.js';
export {
  billingOperatorLogin,
  grantBillingOperator,
  type RegisteredPaymentRows,
  registerPayment,
  revokeBillingOperator,
} from './payment-store.js';
export { importStatement, type StatementFile } from './statement-import.js';

import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ModuleContext } from '../module.js';
import type { BillingConfig } from './billing-env.js';
import type { InvoicePaths } from './invoice-path.js';

/** What the billing module's route files share. */
export interface BillingContext {
  route: ModuleContext['route'];
  db: Kysely<Database>;
  clock: () => Date;
  config: BillingConfig;
  invoicePaths: InvoicePaths;
  /** Tells the companies of payments just registered (a notices round of payments only); never throws. */
  tellPayments(): Promise<void>;
}

import type { AccountTables } from './tables/account.js';
import type { BillingTables } from './tables/billing.js';
import type { BlobFolderTables } from './tables/blob.js';
import type { CounterpartiesTables } from './tables/counterparties.js';
import type { DocumentsTables } from './tables/documents.js';
import type { EmbedTables } from './tables/embed.js';
import type { ExternalLinksTables } from './tables/external-links.js';
import type { FilesTables } from './tables/files.js';
import type { FoldersTables } from './tables/folders.js';
import type { MigrationTables } from './tables/migrations.js';
import type { NotificationsTables } from './tables/notifications.js';
import type { OutboxTables } from './tables/outbox.js';
import type { PartnerTables } from './tables/partner.js';
import type { RegistryTables } from './tables/registry.js';
import type { SigningTables } from './tables/signing.js';
import type { SupportTables } from './tables/support.js';

// The row types live beside their owner's other tables (`tables/<module>.ts`, the ownership that
// modules/module-boundaries.test.ts enforces); everything is re-exported here, where the rest of the server imports it.
export type * from './tables/account.js';
export type * from './tables/billing.js';
export type * from './tables/blob.js';
export type * from './tables/counterparties.js';
export type * from './tables/documents.js';
export type * from './tables/embed.js';
export type * from './tables/external-links.js';
export type * from './tables/files.js';
export type * from './tables/folders.js';
export type * from './tables/migrations.js';
export type * from './tables/notifications.js';
export type * from './tables/outbox.js';
export type * from './tables/partner.js';
export type * from './tables/registry.js';
export type * from './tables/signing.js';
export type * from './tables/support.js';

/**
 * The typed shape of every table, for kysely: each owner's tables, from `tables/<owner>.ts`. A module's new table
 * goes into its own file there.
 */
export interface Database
  extends MigrationTables,
    OutboxTables,
    BlobFolderTables,
    FilesTables,
    AccountTables,
    RegistryTables,
    DocumentsTables,
    FoldersTables,
    CounterpartiesTables,
    SigningTables,
    ExternalLinksTables,
    PartnerTables,
    EmbedTables,
    SupportTables,
    BillingTables,
    NotificationsTables {}

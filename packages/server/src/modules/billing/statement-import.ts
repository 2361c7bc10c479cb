import {
  matchStatementPayment,
  parseTariffDate,
  type StatementImport,
  type StatementInvoice,
  type StatementLine,
  statementReferences,
} from '@qoltanba/core';
import type { Kysely } from 'kysely';
import { isRowId } from '../../db/row-id.js';
import type { Database } from '../../db/schema.js';
import { invoiceNumber } from './invoice-store.js';
import { type OrderRow, tengeOf } from './order-store.js';
import { registerPaymentIn } from './payment-store.js';
import {
  isIncoming,
  parseStatement,
  type StatementDocument,
  statementReference,
} from './statement-parser.js';
import { type Db, lockAccount } from './tariff-store.js';

/** A statement file to import. */
export interface StatementFile {
  bytes: Uint8Array;
  /** Who imports it (`operator:<login>`, `admin:<name>`), recorded with each payment with the file's name. */
  registeredBy: string;
  fileName: string;
  now: Date;
}

const dueOf = (order: Pick<OrderRow, 'status' | 'amount_tiyn' | 'paid_tiyn'>): number =>
  order.status === 'PAID' ? 0 : Number(order.amount_tiyn) - Number(order.paid_tiyn);

/** The invoices the payment purposes of `documents` name (by UIN or number), with what is due on each. */
async function invoicesNamed(db: Db, documents: readonly StatementDocument[]): Promise<StatementInvoice[]> {
  const refs = documents.map((document) => statementReferences(document.purpose));
  const uins = [...new Set(refs.flatMap((ref) => ref.uins))];
  const ids = [...new Set(refs.flatMap((ref) => ref.invoiceNumbers).map(Number))].filter(isRowId);
  if (uins.length === 0 && ids.length === 0) return [];
  const rows = await db
    .selectFrom('billing_invoices as i')
    .innerJoin('billing_orders as o', 'o.id', 'i.order_id')
    .select(['i.id', 'i.order_id', 'i.uin', 'i.company_bin', 'o.status', 'o.amount_tiyn', 'o.paid_tiyn'])
    .where((eb) =>
      eb.or([
        ...(uins.length > 0 ? [eb('i.uin', 'in', uins)] : []),
        ...(ids.length > 0 ? [eb('i.id', 'in', ids)] : []),
      ]),
    )
    .execute();
  const byHand = await handPayments(
    db,
    rows.map((row) => row.order_id),
  );
  return rows.map((row) => ({
    invoiceNumber: invoiceNumber(row),
    uin: row.uin,
    bin: row.company_bin,
    dueTiyn: dueOf(row),
    handPaymentsTiyn: byHand.get(row.order_id) ?? [],
  }));
}

/** Amounts (tiyn) of the payments operators registered by hand (source `bank`) on these orders, by order. */
async function handPayments(db: Db, orderIds: readonly number[]): Promise<Map<number, number[]>> {
  const byOrder = new Map<number, number[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .selectFrom('billing_payments')
    .select(['order_id', 'amount_tiyn'])
    .where('order_id', 'in', [...new Set(orderIds)])
    .where('source', '=', 'bank')
    .execute();
  for (const { order_id: id, amount_tiyn: amount } of rows) {
    if (id !== null) byOrder.set(id, [...(byOrder.get(id) ?? []), Number(amount)]);
  }
  return byOrder;
}

/** The payments registered already under these bank references, with their order's UIN, by reference. */
async function registeredBefore(db: Db, references: readonly string[]) {
  if (references.length === 0) return new Map<string, { invoice_id: number | null; uin: string }>();
  const rows = await db
    .selectFrom('billing_payments as p')
    .innerJoin('billing_orders as o', 'o.id', 'p.order_id')
    .select(['p.reference', 'p.invoice_id', 'o.uin'])
    .where('p.reference', 'in', [...new Set(references)])
    .execute();
  return new Map(rows.map((row) => [row.reference ?? '', { invoice_id: row.invoice_id, uin: row.uin }]));
}

/**
 * Imports a bank statement (1C ClientBank exchange format): each incoming payment is matched to an invoice with
 * core's `matchStatementPayment` and registered as `registerPayment` does (source `statement`, the bank document
 * as reference), all in one transaction: a malformed file, a wrong encoding or a conflicting reference changes
 * nothing. Importing the same file again changes nothing (every reference is registered already). Unmatched
 * payments are listed for the operator to register by hand.
 */
export async function importStatement(db: Kysely<Database>, file: StatementFile): Promise<StatementImport> {
  const statement = parseStatement(file.bytes);
  const incoming = statement.documents.filter((document) => isIncoming(statement, document));
  const registeredBy = `${file.registeredBy} statement:${file.fileName}`.slice(0, 300);
  const lines = await db.transaction().execute(async (trx) => {
    const invoices = await invoicesNamed(trx, incoming);
    const registered = await registeredBefore(
      trx,
      incoming.map((document) => statementReference(statement, document)),
    );
    // Every company's counter row up front, in one order, so two imports at once cannot deadlock.
    for (const bin of [...new Set(invoices.map((invoice) => invoice.bin))].sort()) {
      await lockAccount(trx, bin, file.now);
    }
    const result: StatementLine[] = [];
    for (const document of incoming) {
      const line = {
        number: document.number,
        date: document.date,
        amount: tengeOf(document.amountTiyn),
        payer: document.payer,
        payerBin: document.payerBin,
        purpose: document.purpose,
      };
      const reference = statementReference(statement, document);
      const known = registered.get(reference);
      if (known) {
        // Matched before (its invoice may be paid now, so matching again could differ): the same answer as then.
        const done = await registerPaymentIn(trx, {
          ...(known.invoice_id === null
            ? { uin: known.uin }
            : { invoiceNumber: invoiceNumber({ id: known.invoice_id }) }),
          amountTiyn: document.amountTiyn,
          reference,
          source: 'statement',
          registeredBy,
          paidAt: null,
          now: file.now,
        });
        result.push({
          ...line,
          outcome: done.outcome,
          reason: null,
          invoiceNumber: known.invoice_id === null ? null : invoiceNumber({ id: known.invoice_id }),
          orderId: done.order.id,
          due: tengeOf(dueOf(done.order)),
        });
        continue;
      }
      const match = matchStatementPayment(document, invoices);
      if (!match.matched) {
        result.push({
          ...line,
          outcome: 'unmatched',
          reason: match.reason,
          invoiceNumber: null,
          orderId: null,
          due: 0,
        });
        continue;
      }
      const paid = await registerPaymentIn(trx, {
        invoiceNumber: match.invoice.invoiceNumber,
        amountTiyn: document.amountTiyn,
        reference,
        source: 'statement',
        registeredBy,
        paidAt: parseTariffDate(`${document.receivedDate ?? document.date} 00:00:00`) ?? null,
        now: file.now,
      });
      // A later payment of the same file reads what is due now.
      match.invoice.dueTiyn = dueOf(paid.order);
      result.push({
        ...line,
        outcome: paid.outcome,
        reason: null,
        invoiceNumber: match.invoice.invoiceNumber,
        orderId: paid.order.id,
        due: tengeOf(dueOf(paid.order)),
      });
    }
    return result;
  });
  return {
    encoding: statement.encoding,
    account: statement.account,
    from: statement.from,
    to: statement.to,
    skipped: statement.documents.length - incoming.length,
    lines,
  };
}

import type { Multipart } from '@fastify/multipart';
import {
  AppError,
  BILLING_ADMIN_PATHS,
  isAppError,
  registeredPaymentSchema,
  registerPaymentRequestSchema,
  STATEMENT_UPLOAD_PARTS,
  statementImportSchema,
} from '@qoltanba/core';
import type { FastifyRequest } from 'fastify';
import { defineRoute, type MultipartBody } from '../../http/route.js';
import { requireUser } from '../account/index.js';
import type { BillingContext } from './billing-context.js';
import { orderView, tengeOf } from './order-store.js';
import { billingOperatorOf, paymentView, registerPayment } from './payment-store.js';
import { importStatement } from './statement-import.js';
import { STATEMENT_MAX_BYTES } from './statement-parser.js';

const TAGS = ['billing-admin'];

const STATEMENT_UPLOAD: MultipartBody = {
  parts: [
    {
      name: STATEMENT_UPLOAD_PARTS.file,
      kind: 'files',
      contentTypes: ['text/plain', 'application/octet-stream'],
      maxCount: 1,
      description: 'The statement as the bank exports it: `1CClientBankExchange`, Windows-1251 or UTF-8.',
      required: true,
    },
  ],
  limits: { fileSize: STATEMENT_MAX_BYTES, files: 1, fields: 0, fieldSize: 1024, parts: 1 },
};

/** The one statement file of the upload, read into memory (SIZE_OVER_LIMIT past STATEMENT_MAX_BYTES). */
async function readStatementUpload(request: FastifyRequest): Promise<{ bytes: Buffer; fileName: string }> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  let file: { bytes: Buffer; fileName: string } | undefined;
  try {
    for await (const part of request.parts() as AsyncIterable<Multipart>) {
      if (part.type !== 'file' || part.fieldname !== STATEMENT_UPLOAD_PARTS.file || file) {
        throw new AppError('MULTIPART_INVALID');
      }
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw new AppError('SIZE_OVER_LIMIT');
      file = { bytes, fileName: part.filename || 'statement.txt' };
    }
  } catch (error) {
    if (isAppError(error)) throw error;
    const code = (error as { code?: unknown } | null)?.code;
    throw new AppError(
      code === 'FST_REQ_FILE_TOO_LARGE' ? 'SIZE_OVER_LIMIT' : 'MULTIPART_INVALID',
      undefined,
      {
        cause: error,
      },
    );
  }
  if (!file) throw new AppError('MULTIPART_INVALID');
  return file;
}

/** The payments back office: registering a payment received against an invoice (payments operators only). */
export function registerBillingAdminRoutes(context: BillingContext): void {
  const { route, db, clock, tellPayments } = context;

  route(
    defineRoute({
      method: 'POST',
      url: BILLING_ADMIN_PATHS.payments,
      operationId: 'registerPayment',
      summary: 'Register a payment received against an invoice',
      description:
        'Payments operators only (`npm run admin -- billing-operator grant <login>`): 401 without a session, 403 ' +
        'BILLING_OPERATOR_ONLY for anybody else. The invoice by number or UIN (404 ENTITY_NOT_FOUND when none ' +
        'matches). Paid in full: the tariff starts at once and an overpayment goes to the balance (`activated`); ' +
        'less: nothing starts (`underpaid`); an order paid already: credited to the balance. The same `reference` ' +
        'again changes nothing (`already_registered`), or 409 PAYMENT_REFERENCE_CONFLICT with another amount or ' +
        'invoice. When the invoice already has a payment of the same amount imported from a bank statement (perhaps ' +
        'the same money typed in again): 409 PAYMENT_POSSIBLE_DUPLICATE naming its reference (`params.reference`), ' +
        'nothing changes; send `confirmDuplicate: true` if it is other money, and it is counted with the ' +
        "confirmation recorded (`confirmedDuplicateOf`). Records who registered it. The company's members are " +
        'notified (payment.registered).',
      tags: TAGS,
      auth: true,
      body: registerPaymentRequestSchema,
      response: registeredPaymentSchema,
      handler: async ({ request, body }) => {
        const { userId } = await requireUser(request);
        const operator = await billingOperatorOf(db, userId);
        if (!operator) throw new AppError('BILLING_OPERATOR_ONLY');
        const now = clock();
        const registered = await registerPayment(db, {
          invoiceNumber: body.invoiceNumber,
          uin: body.uin,
          amountTiyn: Math.round(body.amount * 100),
          reference: body.reference,
          source: 'bank',
          registeredBy: `operator:${operator}`,
          paidAt: body.paidAt ? new Date(body.paidAt) : null,
          now,
          confirmDuplicate: body.confirmDuplicate,
        });
        await tellPayments();
        return {
          outcome: registered.outcome,
          payment: paymentView(registered.payment),
          order: orderView(registered.order),
          balance: tengeOf(registered.balanceTiyn),
          confirmedDuplicateOf: registered.payment.confirmed_duplicate_of,
        };
      },
    }),
  );

  route(
    defineRoute({
      method: 'POST',
      url: BILLING_ADMIN_PATHS.statements,
      operationId: 'importStatement',
      summary: 'Import a bank statement (1C ClientBank exchange format) and register the payments it matches',
      description:
        'Payments operators only (401, then 403 BILLING_OPERATOR_ONLY). multipart/form-data with one `file` part: ' +
        'the `1CClientBankExchange` file the bank exports, Windows-1251 or UTF-8 (told by the bytes). Each ' +
        'incoming payment is matched to an invoice by the UIN its purpose quotes, or by the invoice number when ' +
        'the amount due or the payer confirms it, and registered as `registerPayment` does (paid in full: the ' +
        'tariff starts; less: `underpaid`, with what is still `due`; more: the rest to the balance). The rest are ' +
        'listed `unmatched` with a reason (REGISTERED_BY_HAND: an operator registered a payment of the same amount ' +
        'on that order by hand, perhaps the same money, so it is not counted twice). All or nothing: STATEMENT_MALFORMED (naming the line), ' +
        'STATEMENT_ENCODING_UNSUPPORTED, or PAYMENT_REFERENCE_CONFLICT change nothing. The same file again ' +
        'changes nothing (`already_registered`).',
      tags: TAGS,
      auth: true,
      multipart: STATEMENT_UPLOAD,
      response: statementImportSchema,
      handler: async ({ request }) => {
        const { userId } = await requireUser(request);
        const operator = await billingOperatorOf(db, userId);
        if (!operator) throw new AppError('BILLING_OPERATOR_ONLY');
        const { bytes, fileName } = await readStatementUpload(request);
        const imported = await importStatement(db, {
          bytes,
          fileName,
          registeredBy: `operator:${operator}`,
          now: clock(),
        });
        await tellPayments();
        return imported;
      },
    }),
  );
}

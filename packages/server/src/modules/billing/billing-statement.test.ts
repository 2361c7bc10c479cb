import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  apiPath,
  BILLING_ADMIN_PATHS,
  BILLING_PATHS,
  type Order,
  type PaymentResult,
  STATEMENT_UPLOAD_PARTS,
  type StatementImport,
} from '@qoltanba/core';
import { describe, expect, it } from 'vitest';
import { runAdmin } from '../../admin/admin-cli.js';
import { generateInvoice, type StatementEntry, statementText, windows1251 } from '../../testing/billing.js';
import { COMPANIES, useDocumentsSuite } from '../../testing/documents.js';
import { testDatabases } from '../../testing/test-databases.js';
import { grantBillingOperator } from './payment-store.js';

const { sender, second } = COMPANIES;

describe.each(testDatabases())('bank statement import on $name', (backend) => {
  const suite = useDocumentsSuite(backend);

  async function operator(): Promise<string> {
    await grantBillingOperator(
      suite.server.services.database.db,
      { kind: 'email', value: 'cashier@example.kz' },
      suite.clock.now(),
    );
    return suite.user('cashier@example.kz', []);
  }
  const upload = (token: string, bytes: Buffer, filename = 'statement.txt') =>
    suite.upload(token, `${BILLING_ADMIN_PATHS.statements}?lang=ru`, [
      { name: STATEMENT_UPLOAD_PARTS.file, value: bytes, filename, contentType: 'text/plain' },
    ]);
  const importOk = async (token: string, bytes: Buffer) => {
    const res = await upload(token, bytes);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as StatementImport;
  };
  const order = async (token: string, id: number) =>
    (await suite.request(token, 'GET', apiPath(BILLING_PATHS.order, { id: String(id) }))).json() as Order;
  const balance = async (token: string, bin = sender.bin) =>
    (await suite.request(token, 'GET', apiPath(BILLING_PATHS.balance, { filialId: '1', bin }))).json()
      .balance;
  /** `npm run admin -- <args>` against this suite's database and clock: its exit code and what it printed. */
  const runAdminCommand = async (...args: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const io = {
      stdout: { write: (text: string) => void out.push(text) },
      stderr: { write: (text: string) => void err.push(text) },
    };
    const { db } = suite.server.services.database;
    const code = await runAdmin(args, { USER: 'accountant' }, io, {
      database: { kind: backend.name, db, close: async () => undefined },
      clock: suite.clock.now,
    });
    return { code, out: out.join(''), err: err.join('') };
  };
  const counts = async () => {
    const { db } = suite.server.services.database;
    const payments = await db
      .selectFrom('billing_payments')
      .select(db.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const paid = await db
      .selectFrom('billing_orders')
      .select(db.fn.countAll().as('n'))
      .where('status', '=', 'PAID')
      .executeTakeFirstOrThrow();
    const accounts = await db
      .selectFrom('billing_accounts')
      .select(['company_bin', 'balance_tiyn'])
      .orderBy('company_bin')
      .execute();
    return {
      payments: Number(payments.n),
      paid: Number(paid.n),
      accounts: accounts.map((a) => [a.company_bin, Number(a.balance_tiyn)]),
    };
  };

  it('matches by UIN and by invoice number, pays, credits the excess, shows the underpaid and the unmatched; once', async () => {
    const buyer = await suite.user('buyer@example.kz', [sender, second]);
    const monthly = await generateInvoice(suite, buyer, sender.bin, 'monthly');
    const yearly = await generateInvoice(suite, buyer, second.bin, 'yearly');
    const third = await generateInvoice(suite, buyer, sender.bin, 'yearly');
    const entries: StatementEntry[] = [
      // By UIN, 1 000 tenge more than the price: paid, the rest to the balance.
      {
        number: '11',
        amount: `${monthly.order.amount + 1000}.00`,
        purpose: `Оплата тарифа, УИН ${monthly.order.uin}`,
      },
      // By invoice number with the exact amount.
      {
        number: '12',
        amount: `${yearly.order.amount},00`,
        purpose: `Оплата по счёту № ${yearly.invoice.number}`,
      },
      // By UIN, half the price: kept, nothing starts.
      {
        number: '13',
        amount: String(third.order.amount / 2),
        purpose: `${third.order.uin} частичная оплата`,
      },
      { number: '14', amount: '5000', purpose: 'Оплата за услуги без номера счёта' },
      { number: '15', amount: '7', purpose: `счёт № ${third.invoice.number}`, payerBin: '990240000099' },
      { number: '16', amount: '300', purpose: 'Комиссия', receiverAccount: 'KZ00000BANK000000001' },
    ];
    const file = windows1251(statementText(entries));
    const cashier = await operator();
    const first = await importOk(cashier, file);
    expect(first).toMatchObject({
      encoding: 'windows-1251',
      skipped: 1,
      from: '01.03.2026',
      to: '03.03.2026',
    });
    expect(
      first.lines.map((line) => [line.number, line.outcome, line.reason, line.invoiceNumber, line.due]),
    ).toEqual([
      ['11', 'activated', null, monthly.invoice.number, 0],
      ['12', 'activated', null, yearly.invoice.number, 0],
      ['13', 'underpaid', null, third.invoice.number, third.order.amount / 2],
      ['14', 'unmatched', 'NO_REFERENCE', null, 0],
      ['15', 'unmatched', 'AMOUNT_MISMATCH', null, 0],
    ]);
    expect(first.lines[0]).toMatchObject({
      payer: 'ТОО «Ромашка»',
      payerBin: '990240000001',
      amount: monthly.order.amount + 1000,
    });

    expect(await order(buyer, monthly.order.id)).toMatchObject({
      status: 'PAID',
      paid: monthly.order.amount,
    });
    expect(await order(buyer, yearly.order.id)).toMatchObject({ status: 'PAID' });
    expect(await order(buyer, third.order.id)).toMatchObject({
      status: 'NEW',
      paid: third.order.amount / 2,
      startsAt: null,
    });
    expect(await balance(buyer)).toBe(1000);
    const result = (
      await suite.request(
        buyer,
        'GET',
        apiPath(BILLING_PATHS.paymentResult, { id: String(monthly.order.id) }),
      )
    ).json() as PaymentResult;
    expect(result).toMatchObject({
      status: 'PAID',
      payments: [{ source: 'statement', invoiceNumber: monthly.invoice.number }],
    });
    const who = await suite.server.services.database.db
      .selectFrom('billing_payments')
      .select('registered_by')
      .execute();
    expect(new Set(who.map((row) => row.registered_by))).toEqual(
      new Set(['operator:cashier@example.kz statement:statement.txt']),
    );

    // The same file again, even re-encoded as UTF-8: nothing changes.
    const before = await counts();
    const again = await importOk(cashier, Buffer.from(statementText(entries), 'utf8'));
    expect(again.encoding).toBe('utf-8');
    expect(again.lines.map((line) => line.outcome)).toEqual([
      'already_registered',
      'already_registered',
      'already_registered',
      'unmatched',
      'unmatched',
    ]);
    expect(await counts()).toEqual(before);

    // The rest of the underpaid order in a later statement activates it.
    const rest = await importOk(
      cashier,
      windows1251(
        statementText([
          {
            number: '21',
            amount: String(third.order.amount / 2),
            purpose: `УИН ${third.order.uin}`,
            date: '03.03.2026',
          },
        ]),
      ),
    );
    expect(rest.lines[0]).toMatchObject({ outcome: 'activated', due: 0 });
    expect(await order(buyer, third.order.id)).toMatchObject({ status: 'PAID' });
  });

  it('a malformed file, a wrong encoding or a conflicting payment change nothing', async () => {
    const buyer = await suite.user('buyer@example.kz', [sender]);
    const { order: ordered } = await generateInvoice(suite, buyer, sender.bin, 'monthly');
    const cashier = await operator();
    const good = { number: '31', amount: String(ordered.amount), purpose: `УИН ${ordered.uin}` };
    const before = await counts();

    // The first document is fine, the second has no amount: nothing of the file is kept.
    const broken = statementText([good, { number: '32', amount: '', purpose: 'x' }]);
    const malformed = await upload(cashier, windows1251(broken));
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({
      code: 'STATEMENT_MALFORMED',
      params: { field: 'line 26: Сумма' },
    });
    expect(malformed.json().message).toBe('Не удалось прочитать файл банковской выписки: line 26: Сумма');

    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(statementText([good]), 'utf16le')]);
    const encoding = await upload(cashier, utf16);
    expect(encoding.statusCode).toBe(400);
    expect(encoding.json()).toMatchObject({ code: 'STATEMENT_ENCODING_UNSUPPORTED' });

    const csv = await upload(cashier, Buffer.from('date;amount\n02.03.2026;5000\n'));
    expect(csv.json()).toMatchObject({
      code: 'STATEMENT_MALFORMED',
      params: { field: '1CClientBankExchange' },
    });

    // A payment that registers, then one whose bank reference was registered with another amount: all rolled back.
    await importOk(cashier, windows1251(statementText([{ ...good, number: '40' }])));
    const afterFirst = await counts();
    const second = await generateInvoice(suite, buyer, sender.bin, 'yearly');
    const conflicting = await upload(
      cashier,
      windows1251(
        statementText([
          { number: '41', amount: String(second.order.amount), purpose: `УИН ${second.order.uin}` },
          { ...good, number: '40', amount: String(ordered.amount + 1) },
        ]),
      ),
    );
    expect(conflicting.statusCode).toBe(409);
    expect(conflicting.json()).toMatchObject({ code: 'PAYMENT_REFERENCE_CONFLICT' });
    expect(await order(buyer, second.order.id)).toMatchObject({ status: 'NEW', paid: 0 });
    expect(await counts()).toEqual(afterFirst);
    expect(afterFirst.payments).toBe(before.payments + 1);
  });

  it('a payment registered by hand, then brought by the statement: listed, not counted twice', async () => {
    const buyer = await suite.user('buyer@example.kz', [sender]);
    const half = await generateInvoice(suite, buyer, sender.bin, 'monthly');
    const paid = await generateInvoice(suite, buyer, sender.bin, 'yearly');
    const cashier = await operator();
    const byHand = (invoiceNumber: string, amount: number, reference: string) =>
      suite.request(cashier, 'POST', BILLING_ADMIN_PATHS.payments, { invoiceNumber, amount, reference });
    expect((await byHand(half.invoice.number, half.order.amount / 2, 'п/п 71')).json()).toMatchObject({
      outcome: 'underpaid',
    });
    expect((await byHand(paid.invoice.number, paid.order.amount, 'п/п 72')).json()).toMatchObject({
      outcome: 'activated',
    });
    const before = await counts();

    const imported = await importOk(
      cashier,
      windows1251(
        statementText([
          { number: '71', amount: String(half.order.amount / 2), purpose: `УИН ${half.order.uin}` },
          {
            number: '72',
            amount: String(paid.order.amount),
            purpose: `по счёту № ${paid.invoice.number}`,
            payerBin: sender.bin,
          },
        ]),
      ),
    );
    expect(imported.lines.map((line) => [line.number, line.outcome, line.reason])).toEqual([
      ['71', 'unmatched', 'REGISTERED_BY_HAND'],
      ['72', 'unmatched', 'REGISTERED_BY_HAND'],
    ]);
    // The half-paid order did not activate on the same money twice; nothing went to the balance.
    expect(await order(buyer, half.order.id)).toMatchObject({ status: 'NEW', paid: half.order.amount / 2 });
    expect(await counts()).toEqual(before);
    expect(await balance(buyer)).toBe(0);

    // Another amount is other money: the rest of the half-paid order, registered from the statement.
    const rest = await importOk(
      cashier,
      windows1251(
        statementText([
          { number: '73', amount: String(half.order.amount / 2 + 1), purpose: `УИН ${half.order.uin}` },
        ]),
      ),
    );
    expect(rest.lines[0]).toMatchObject({ outcome: 'activated', due: 0 });
    expect(await balance(buyer)).toBe(1);
  });

  /** The payments a statement registered on an order: id and reference, oldest first. */
  const statementPayments = (orderId: number) =>
    suite.server.services.database.db
      .selectFrom('billing_payments')
      .select(['id', 'reference'])
      .where('order_id', '=', orderId)
      .where('source', '=', 'statement')
      .orderBy('id')
      .execute();

  it('a statement payment, then the same money registered by hand: refused unless confirmed, then counted once more', async () => {
    const buyer = await suite.user('buyer@example.kz', [sender]);
    const half = await generateInvoice(suite, buyer, sender.bin, 'monthly');
    const paid = await generateInvoice(suite, buyer, sender.bin, 'yearly');
    const cashier = await operator();
    const imported = await importOk(
      cashier,
      windows1251(
        statementText([
          { number: '81', amount: String(half.order.amount / 2), purpose: `УИН ${half.order.uin}` },
          {
            number: '82',
            amount: String(paid.order.amount),
            purpose: `по счёту № ${paid.invoice.number}`,
            payerBin: sender.bin,
          },
        ]),
      ),
    );
    expect(imported.lines.map((line) => line.outcome)).toEqual(['underpaid', 'activated']);
    const [halfFromStatement] = await statementPayments(half.order.id);
    const [paidFromStatement] = await statementPayments(paid.order.id);
    if (!halfFromStatement || !paidFromStatement) throw new Error('the statement registered no payment');
    const before = await counts();
    const byHand = (body: Record<string, unknown>, lang = 'ru') =>
      suite.request(cashier, 'POST', `${BILLING_ADMIN_PATHS.payments}?lang=${lang}`, body);

    // The operator types the statement's money in again under the payment order's own number: refused, naming it.
    const refused = await byHand({
      invoiceNumber: half.invoice.number,
      amount: half.order.amount / 2,
      reference: 'п/п 181',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'PAYMENT_POSSIBLE_DUPLICATE',
      message: `По этому счёту платёж на такую сумму уже зарегистрирован из банковской выписки (${halfFromStatement.reference}). Если это другие деньги, подтвердите, что это не повтор`,
      params: { reference: halfFromStatement.reference },
    });
    const refusedPaid = await byHand(
      { uin: paid.order.uin, amount: paid.order.amount, reference: 'п/п 182', confirmDuplicate: false },
      'kk',
    );
    expect(refusedPaid.statusCode).toBe(409);
    expect(refusedPaid.json()).toMatchObject({
      code: 'PAYMENT_POSSIBLE_DUPLICATE',
      params: { reference: paidFromStatement.reference },
    });
    expect(refusedPaid.json().message).toContain('банк үзіндісінен тіркелген');
    // Nothing changed: the half-paid order did not activate on the same money twice, the balance got nothing.
    expect(await counts()).toEqual(before);
    expect(await order(buyer, half.order.id)).toMatchObject({ status: 'NEW', paid: half.order.amount / 2 });
    expect(await balance(buyer)).toBe(0);

    // The operator confirms it is other money: counted once more, the confirmation kept with the payment.
    const confirmed = await byHand({
      invoiceNumber: half.invoice.number,
      amount: half.order.amount / 2,
      reference: 'п/п 181',
      confirmDuplicate: true,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({
      outcome: 'activated',
      order: { status: 'PAID', paid: half.order.amount },
      confirmedDuplicateOf: halfFromStatement.id,
    });
    const credited = await byHand({
      uin: paid.order.uin,
      amount: paid.order.amount,
      reference: 'п/п 182',
      confirmDuplicate: true,
    });
    expect(credited.json()).toMatchObject({
      outcome: 'credited',
      balance: paid.order.amount,
      confirmedDuplicateOf: paidFromStatement.id,
    });
    expect(await balance(buyer)).toBe(paid.order.amount);
    const recorded = await suite.server.services.database.db
      .selectFrom('billing_payments')
      .select(['reference', 'source', 'registered_by', 'confirmed_duplicate_of'])
      .where('source', '=', 'bank')
      .orderBy('id')
      .execute();
    expect(recorded).toEqual([
      {
        reference: 'п/п 181',
        source: 'bank',
        registered_by: 'operator:cashier@example.kz',
        confirmed_duplicate_of: halfFromStatement.id,
      },
      {
        reference: 'п/п 182',
        source: 'bank',
        registered_by: 'operator:cashier@example.kz',
        confirmed_duplicate_of: paidFromStatement.id,
      },
    ]);
    const afterConfirmed = await counts();
    expect(afterConfirmed.payments).toBe(before.payments + 2);

    // The same registration again, confirmed or not, is the same payment: nothing changes.
    const again = await byHand({
      invoiceNumber: half.invoice.number,
      amount: half.order.amount / 2,
      reference: 'п/п 181',
    });
    expect(again.json()).toMatchObject({
      outcome: 'already_registered',
      confirmedDuplicateOf: halfFromStatement.id,
    });
    expect(await counts()).toEqual(afterConfirmed);

    // A payment of another amount is other money: no confirmation asked.
    const other = await byHand({ invoiceNumber: paid.invoice.number, amount: 10, reference: 'п/п 183' });
    expect(other.json()).toMatchObject({ outcome: 'credited', confirmedDuplicateOf: null });
  });

  it('the OpenAPI document carries confirmDuplicate and PAYMENT_POSSIBLE_DUPLICATE on registerPayment', async () => {
    const doc = (await suite.request('', 'GET', '/api/openapi.json')).json() as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
      components: { schemas: Record<string, { properties: Record<string, { properties?: object }> }> };
    };
    const operation = doc.paths[BILLING_ADMIN_PATHS.payments]?.post as {
      operationId: string;
      description: string;
      requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> };
      responses: Record<string, { content?: Record<string, { schema: { properties: object } }> }>;
    };
    expect(operation.operationId).toBe('registerPayment');
    expect(operation.description).toContain('409 PAYMENT_POSSIBLE_DUPLICATE');
    const body = operation.requestBody.content['application/json']?.schema.properties ?? {};
    expect(Object.keys(body).sort()).toEqual(
      ['amount', 'confirmDuplicate', 'invoiceNumber', 'paidAt', 'reference', 'uin'].sort(),
    );
    expect(body.confirmDuplicate).toMatchObject({ type: 'boolean' });
    expect(
      Object.keys(operation.responses['200']?.content?.['application/json']?.schema.properties ?? {}),
    ).toEqual(['outcome', 'payment', 'order', 'balance', 'confirmedDuplicateOf']);
    expect(doc.components.schemas.ErrorResponse?.properties.params?.properties).toHaveProperty('reference');
  });

  it('payments operators only; one file part', async () => {
    const member = await suite.user('member@example.kz', [sender]);
    const file = windows1251(statementText([]));
    expect((await upload(member, file)).json()).toMatchObject({ code: 'BILLING_OPERATOR_ONLY' });
    const anonymous = await suite.upload('', BILLING_ADMIN_PATHS.statements, [
      { name: STATEMENT_UPLOAD_PARTS.file, value: file, filename: 's.txt' },
    ]);
    expect(anonymous.statusCode).toBe(401);
    const cashier = await operator();
    expect(await importOk(cashier, file)).toMatchObject({ lines: [], skipped: 0 });
    const twoFiles = await suite.upload(cashier, BILLING_ADMIN_PATHS.statements, [
      { name: STATEMENT_UPLOAD_PARTS.file, value: file, filename: 'a.txt' },
      { name: STATEMENT_UPLOAD_PARTS.file, value: file, filename: 'b.txt' },
    ]);
    expect(twoFiles.statusCode).toBe(400);
    const json = await suite.request(cashier, 'POST', BILLING_ADMIN_PATHS.statements, { file: 'x' });
    expect(json.statusCode).toBe(415);
  });

  it('npm run admin -- payment import <file>: the same import from the command line', async () => {
    const buyer = await suite.user('buyer@example.kz', [sender]);
    const { order: ordered, invoice } = await generateInvoice(suite, buyer, sender.bin, 'monthly');
    const dir = await mkdtemp(join(tmpdir(), 'qoltanba-statement-'));
    try {
      const path = join(dir, 'halyk-0303.txt');
      await writeFile(
        path,
        windows1251(
          statementText([
            { number: '51', amount: String(ordered.amount), purpose: `Оплата по счёту № ${invoice.number}` },
            { number: '52', amount: '10', purpose: 'Возврат' },
          ]),
        ),
      );
      const imported = await runAdminCommand('payment', 'import', path, '--by', 'Dana');
      expect(imported.code, imported.err).toBe(0);
      expect(imported.out).toContain(
        `activated\t№ 51 of 02.03.2026\t${ordered.amount.toFixed(2)} KZT\tinvoice ${invoice.number}`,
      );
      expect(imported.out).toContain('unmatched\t№ 52 of 02.03.2026\t10.00 KZT\tnot matched (NO_REFERENCE)');
      expect(imported.out).toContain(
        'activated 1, underpaid 0, credited 0, already_registered 0, unmatched 1, skipped 0',
      );
      expect((await runAdminCommand('payment', 'import', path)).out).toContain('already_registered 1');
      const who = await suite.server.services.database.db
        .selectFrom('billing_payments')
        .select('registered_by')
        .execute();
      expect(who).toEqual([{ registered_by: 'admin-cli:Dana statement:halyk-0303.txt' }]);

      const broken = join(dir, 'broken.txt');
      await writeFile(broken, '1CClientBankExchange\r\nСекцияДокумент=Платежное поручение\r\n');
      expect(await runAdminCommand('payment', 'import', broken)).toMatchObject({
        code: 1,
        err: 'qoltanba admin: The bank statement file could not be read: КонецФайла\n',
      });
      expect((await runAdminCommand('payment', 'import', join(dir, 'missing.txt'))).code).toBe(1);
      expect((await runAdminCommand('payment', 'import')).code).toBe(2);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
  it('npm run admin -- payment register: the same money as a statement payment needs --confirm-duplicate', async () => {
    const buyer = await suite.user('buyer@example.kz', [sender]);
    const { order: ordered, invoice } = await generateInvoice(suite, buyer, sender.bin, 'monthly');
    const cashier = await operator();
    const imported = await importOk(
      cashier,
      windows1251(
        statementText([{ number: '91', amount: String(ordered.amount / 2), purpose: `УИН ${ordered.uin}` }]),
      ),
    );
    expect(imported.lines[0]).toMatchObject({ outcome: 'underpaid' });
    const [fromStatement] = await statementPayments(ordered.id);
    if (!fromStatement) throw new Error('the statement registered no payment');
    const before = await counts();
    const amount = String(ordered.amount / 2);

    expect(
      await runAdminCommand('payment', 'register', invoice.number, amount, 'п/п 191', '--by', 'Dana'),
    ).toEqual({
      code: 1,
      out: '',
      err:
        'qoltanba admin: A payment of this amount on this invoice was already registered from a bank statement ' +
        `(${fromStatement.reference}). If this is other money, confirm it is not a duplicate ` +
        '(--confirm-duplicate registers it as other money)\n',
    });
    expect(await counts()).toEqual(before);
    expect(await order(buyer, ordered.id)).toMatchObject({ status: 'NEW', paid: ordered.amount / 2 });

    // The flag comes before or after --by; an unknown one or a repeated one is a usage error.
    expect(
      (
        await runAdminCommand(
          'payment',
          'register',
          invoice.number,
          amount,
          'п/п 191',
          '--confirm',
          '--by',
          'Dana',
        )
      ).code,
    ).toBe(2);
    expect(
      (
        await runAdminCommand(
          'payment',
          'register',
          invoice.number,
          amount,
          'п/п 191',
          '--confirm-duplicate',
          '--confirm-duplicate',
        )
      ).code,
    ).toBe(2);
    const confirmed = await runAdminCommand(
      'payment',
      'register',
      invoice.number,
      amount,
      'п/п 191',
      '--confirm-duplicate',
      '--by',
      'Dana',
    );
    expect(confirmed.code, confirmed.err).toBe(0);
    expect(confirmed.out).toMatch(
      new RegExp(
        `^activated: order ${ordered.id} of ${sender.bin} \\(PAID, tariff .+\\), balance 0\\.00 KZT, confirmed not a duplicate of payment ${fromStatement.id}\\n$`,
      ),
    );
    const recorded = await suite.server.services.database.db
      .selectFrom('billing_payments')
      .select(['registered_by', 'confirmed_duplicate_of'])
      .where('reference', '=', 'п/п 191')
      .execute();
    expect(recorded).toEqual([{ registered_by: 'admin-cli:Dana', confirmed_duplicate_of: fromStatement.id }]);
    expect((await counts()).payments).toBe(before.payments + 1);
    expect(await order(buyer, ordered.id)).toMatchObject({ status: 'PAID', paid: ordered.amount });
  });
});

import {
  apiPath,
  BILLING_PATHS,
  type Lang,
  type Order,
  type PaidPlanId,
  type PaymentInvoice,
} from '@qoltanba/core';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** What the billing helpers need of a test suite (the documents and signing suites both fit). */
export interface BillingTestSuite {
  request(
    token: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
  ): Promise<LightMyRequestResponse>;
}

/**
 * An order of `plan` for company `bin` through the API, and its invoice (fails the test unless both are 201).
 *
 * @example const { order, invoice } = await generateInvoice(suite, token, sender.bin, 'monthly');
 */
export async function generateInvoice(
  suite: BillingTestSuite,
  token: string,
  bin: string,
  plan: PaidPlanId,
  lang: Lang = 'ru',
): Promise<{ order: Order; invoice: PaymentInvoice }> {
  const ordered = await suite.request(token, 'POST', apiPath(BILLING_PATHS.createOrder, { bin, plan }));
  expect(ordered.statusCode, ordered.body).toBe(201);
  const order = ordered.json() as Order;
  const issued = await suite.request(
    token,
    'POST',
    `${BILLING_PATHS.generateInvoice}?qoltanbaDocs=true&qoltanbaDocsTariff=${plan === 'monthly' ? 1 : 2}`,
    {
      abonentId: bin,
      currency: 'KZT',
      uin: order.uin,
      lang,
      filialId: 1,
      customerAccountCategoryId: 1,
      balance: 0,
    },
  );
  expect(issued.statusCode, issued.body).toBe(201);
  return { order, invoice: issued.json() as PaymentInvoice };
}

/** One payment order of a test statement. */
export interface StatementEntry {
  number: string;
  amount: string;
  purpose: string;
  date?: string;
  payer?: string;
  payerBin?: string;
  /** The account it was paid to: the statement's own (incoming) by default. */
  receiverAccount?: string;
}

/** The seller's account in test statements. */
export const TEST_STATEMENT_ACCOUNT = 'KZ86125KZT5004100100';

/** A `1CClientBankExchange` statement of {@link TEST_STATEMENT_ACCOUNT} as a Kazakh bank exports it (CRLF lines). */
export function statementText(entries: readonly StatementEntry[], account = TEST_STATEMENT_ACCOUNT): string {
  const lines = [
    '1CClientBankExchange',
    'ВерсияФормата=1.02',
    'Кодировка=Windows',
    'Отправитель=Halyk Bank',
    'ДатаСоздания=03.03.2026',
    'ДатаНачала=01.03.2026',
    'ДатаКонца=03.03.2026',
    `РасчСчет=${account}`,
    'СекцияРасчСчет',
    'ДатаНачала=01.03.2026',
    `РасчСчет=${account}`,
    'НачальныйОстаток=0.00',
    'КонецРасчСчет',
  ];
  for (const entry of entries) {
    const receiver = entry.receiverAccount ?? account;
    lines.push(
      'СекцияДокумент=Платежное поручение',
      `Номер=${entry.number}`,
      `Дата=${entry.date ?? '02.03.2026'}`,
      `Сумма=${entry.amount}`,
      `ПлательщикИИК=${receiver === account ? 'KZ11998CTB0000123456' : account}`,
      `Плательщик=${entry.payer ?? 'ТОО «Ромашка»'}`,
      `ПлательщикБИН=${entry.payerBin ?? '990240000001'}`,
      `ПолучательИИК=${receiver}`,
      'Получатель=ТОО «Qoltanba Services»',
      'КНП=859',
      `НазначениеПлатежа=${entry.purpose}`,
      'КонецДокумента',
    );
  }
  lines.push('КонецФайла', '');
  return lines.join('\r\n');
}

const CP1251 = new Map<string, number>();
{
  const decoder = new TextDecoder('windows-1251');
  for (let byte = 0x80; byte <= 0xff; byte += 1) CP1251.set(decoder.decode(Uint8Array.of(byte)), byte);
}

/** `text` in Windows-1251 (throws on a character it lacks), as most Kazakh banks still export statements. */
export function windows1251(text: string): Buffer {
  return Buffer.from(
    [...text].map((char) => {
      const code = char.charCodeAt(0);
      if (code < 0x80) return code;
      const byte = CP1251.get(char);
      if (byte === undefined) throw new Error(`not in Windows-1251: ${char}`);
      return byte;
    }),
  );
}

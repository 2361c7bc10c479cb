import {
  amountInWords,
  apiPath,
  BILLING_PATHS,
  type Order,
  type PaymentInvoice,
  type PaymentInvoicePath,
} from '@qoltanba/core';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { call } from '../../testing/accounts.js';
import { generateInvoice } from '../../testing/billing.js';
import { COMPANIES, useDocumentsSuite } from '../../testing/documents.js';
import { pdfPageTexts } from '../../testing/pdf-inspect.js';
import { testDatabases } from '../../testing/test-databases.js';
import { invoicePaths } from './invoice-path.js';
import { formatMoney, includedVat, invoicePdf } from './invoice-pdf.js';

const { sender, outsider } = COMPANIES;
const SELLER = {
  name: 'ТОО «Qoltanba Services»',
  bin: '180240021505',
  address: 'г. Астана, пр. Мангилик Ел, 55/20',
  iik: 'KZ86125KZT5004100100',
  bank: 'АО «Народный Банк Казахстана»',
  bik: 'HSBKKZKX',
  kbe: '17',
  knp: '859',
  vatRate: 12,
};
const flat = (pages: string[]) => pages.join(' ').replace(/\s+/g, ' ');

describe('the invoice PDF', () => {
  it.each([1_000, 21_500, 1_234_567, 10_000_000])(
    '%d tenge: every field, the total in figures and in words in Russian and Kazakh',
    async (tenge) => {
      const tiyn = tenge * 100;
      const bytes = await invoicePdf({
        number: '42',
        issuedAt: new Date('2026-03-02T06:00:00Z'),
        seller: SELLER,
        buyer: { bin: sender.bin, name: sender.nameRu },
        plan: 'yearly',
        amountTiyn: tiyn,
        uin: 'QT1234567890123456',
      });
      const text = flat(await pdfPageTexts(bytes));
      for (const expected of [
        'Счёт на оплату № 42 от 02.03.2026',
        'Төлем шоты № 42',
        `БИН / БСН: ${SELLER.bin}`,
        SELLER.name,
        SELLER.address,
        SELLER.iik,
        SELLER.bank,
        SELLER.bik,
        'Кбе / КБе: 17',
        '(КНП): 859',
        `БИН/ИИН / БСН/ЖСН ${sender.bin}, ${sender.nameRu}`,
        '«Годовой»',
        '«Жылдық»',
        `Всего к оплате / Барлығы төлеуге: ${formatMoney(tiyn)} KZT`,
        `Всего к оплате: ${amountInWords(tiyn, 'ru')}`,
        `Барлығы төлеуге: ${amountInWords(tiyn, 'kk')}`,
        `В том числе НДС 12% / Оның ішінде ҚҚС 12%: ${formatMoney(includedVat(tiyn, 12))}`,
        'QT1234567890123456',
      ]) {
        expect(text).toContain(expected);
      }
    },
  );

  it('21 500 tenge reads as the issue writes it, and a seller without VAT prints "Без НДС"', async () => {
    const bytes = await invoicePdf({
      number: '7',
      issuedAt: new Date('2026-03-02T06:00:00Z'),
      seller: { ...SELLER, vatRate: null },
      buyer: { bin: sender.bin, name: sender.nameRu },
      plan: 'monthly',
      amountTiyn: 2_150_000,
      uin: 'QT0000000000000001',
    });
    const text = flat(await pdfPageTexts(bytes));
    expect(text).toContain('Двадцать одна тысяча пятьсот тенге 00 тиын');
    expect(text).toContain('Жиырма бір мың бес жүз теңге 00 тиын');
    expect(text).toContain('21 500,00');
    expect(text).toContain('Без НДС / ҚҚС-сыз');
    expect(text).not.toContain('В том числе НДС');
  });

  it('embeds every font it uses (DejaVu Sans subsets), so Kazakh letters render where the font is not installed', async () => {
    const bytes = await invoicePdf({
      number: '8',
      issuedAt: new Date('2026-03-02T06:00:00Z'),
      seller: SELLER,
      buyer: { bin: sender.bin, name: 'ТОО «Әсем Құрылыс Өнім»' },
      plan: 'monthly',
      amountTiyn: 500_000,
      uin: 'QT0000000000000008',
    });
    const pdf = await PDFDocument.load(bytes);
    const fonts = pdf.getPages().flatMap((page) => {
      const dict = page.node.Resources()?.lookup(PDFName.of('Font'), PDFDict);
      return dict ? dict.values().map((ref) => pdf.context.lookup(ref, PDFDict)) : [];
    });
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) {
      const [descendant] = font.lookup(PDFName.of('DescendantFonts'), PDFArray).asArray();
      const cidFont = pdf.context.lookup(descendant, PDFDict);
      const descriptor = cidFont.lookup(PDFName.of('FontDescriptor'), PDFDict);
      expect(String(descriptor.get(PDFName.of('FontName')))).toMatch(/DejaVuSans/);
      expect(descriptor.lookup(PDFName.of('FontFile2'))).toBeInstanceOf(PDFStream);
    }
    expect(flat(await pdfPageTexts(bytes))).toContain('ТОО «Әсем Құрылыс Өнім»');
  });

  it('VAT included in a gross amount', () => {
    expect(includedVat(2_150_000, 12)).toBe(230_357);
    expect(formatMoney(123_456_789)).toBe('1 234 567,89');
  });
});

describe('invoice paths', () => {
  it('are the same for an invoice, refuse a changed one, and differ per secret', () => {
    const paths = invoicePaths('a'.repeat(40));
    const path = paths.pathOf(12);
    expect(paths.pathOf(12)).toBe(path);
    expect(paths.idOf(path)).toBe(12);
    expect(paths.idOf(path.replace(/^12\./, '13.'))).toBeUndefined();
    expect(paths.idOf(`${path.slice(0, -1)}${path.endsWith('A') ? 'B' : 'A'}`)).toBeUndefined();
    expect(invoicePaths('b'.repeat(40)).idOf(path)).toBeUndefined();
    expect(paths.idOf('12')).toBeUndefined();
  });
});

describe.each(testDatabases())('invoices through the API on $name', (backend) => {
  const suite = useDocumentsSuite(backend);

  async function orderAndInvoice(token: string) {
    const order = (
      await suite.request(
        token,
        'POST',
        apiPath(BILLING_PATHS.createOrder, { bin: sender.bin, plan: 'monthly' }),
      )
    ).json() as Order;
    const res = await suite.request(
      token,
      'POST',
      `${BILLING_PATHS.generateInvoice}?qoltanbaDocs=true&qoltanbaDocsTariff=1`,
      {
        abonentId: sender.bin,
        currency: 'KZT',
        uin: order.uin,
        lang: 'kk',
        filialId: 1,
        customerAccountCategoryId: 2,
        balance: 0,
      },
    );
    return { order, res };
  }

  it('issues the invoice of an order once, gives its public path, and the PDF downloads without login', async () => {
    const token = await suite.user('buyer@example.kz', [sender]);
    const { order, res } = await orderAndInvoice(token);
    expect(res.statusCode, res.body).toBe(201);
    const invoice = res.json() as PaymentInvoice;
    expect(invoice).toMatchObject({
      orderId: order.id,
      bin: sender.bin,
      amount: 5_000,
      uin: order.uin,
      lang: 'kk',
    });
    const again = await suite.request(
      token,
      'POST',
      `${BILLING_PATHS.generateInvoice}?qoltanbaDocs=true&qoltanbaDocsTariff=1`,
      {
        abonentId: sender.bin,
        currency: 'KZT',
        uin: order.uin,
        lang: 'ru',
        filialId: 1,
        customerAccountCategoryId: 2,
        balance: 0,
      },
    );
    expect(again.json()).toEqual(invoice);

    const pathRes = await suite.request(
      token,
      'GET',
      apiPath(BILLING_PATHS.invoicePath, { id: String(invoice.id) }),
    );
    const { path, url } = pathRes.json() as PaymentInvoicePath;
    expect(path).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);
    const pdf = await call(suite.server, 'GET', url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(String(pdf.headers['content-disposition'])).toMatch(/^attachment/);
    const text = flat(await pdfPageTexts(pdf.rawPayload));
    expect(text).toContain(`Счёт на оплату № ${invoice.number}`);
    expect(text).toContain('Пять тысяч тенге 00 тиын');
    expect(text).toContain('Бес мың теңге 00 тиын');
    expect(text).toContain(order.uin);
    expect(text).toContain(sender.nameRu);

    for (const guessed of [
      `${invoice.id}.${'A'.repeat(43)}`,
      path.replace(/^\d+/, String(invoice.id + 1)),
      String(invoice.id),
    ]) {
      const res404 = await call(
        suite.server,
        'GET',
        `${BILLING_PATHS.publicInvoice}?path=${encodeURIComponent(guessed)}&download=true&lang=en`,
      );
      expect(res404.statusCode).toBe(404);
      expect(res404.json().code).toBe('ENTITY_NOT_FOUND');
    }
  });

  it("refuses another company's member, an order of another plan, and another company's invoice path", async () => {
    const token = await suite.user('buyer@example.kz', [sender]);
    const stranger = await suite.user('stranger@example.kz', [outsider]);
    const { order, res } = await orderAndInvoice(token);
    const invoice = res.json() as PaymentInvoice;
    const body = {
      abonentId: sender.bin,
      currency: 'KZT',
      uin: order.uin,
      lang: 'ru',
      filialId: 1,
      customerAccountCategoryId: 2,
      balance: 0,
    };
    const generate = (as: string, tariff: string, overrides = {}) =>
      suite.request(
        as,
        'POST',
        `${BILLING_PATHS.generateInvoice}?qoltanbaDocs=true&qoltanbaDocsTariff=${tariff}&lang=en`,
        {
          ...body,
          ...overrides,
        },
      );
    expect((await generate(stranger, '1')).statusCode).toBe(403);
    expect((await generate(stranger, '1', { abonentId: outsider.bin })).statusCode).toBe(404);
    const mismatch = await generate(token, '2');
    expect(mismatch.statusCode).toBe(409);
    expect(mismatch.json().code).toBe('INVOICE_ORDER_MISMATCH');
    const foreignPath = await suite.request(
      stranger,
      'GET',
      apiPath(BILLING_PATHS.invoicePath, { id: String(invoice.id) }),
    );
    expect(foreignPath.statusCode).toBe(404);
    const foreignOrder = await suite.request(
      stranger,
      'GET',
      apiPath(BILLING_PATHS.order, { id: String(order.id) }),
    );
    expect(foreignOrder.statusCode).toBe(404);
    expect(
      (await suite.request(token, 'GET', apiPath(BILLING_PATHS.order, { id: String(order.id) }))).json(),
    ).toEqual(order);
  });

  it('the plan catalogue is public', async () => {
    const res = await call(suite.server, 'GET', BILLING_PATHS.plans);
    expect(res.statusCode).toBe(200);
    expect(res.json().plans.map((plan: { id: string }) => plan.id)).toEqual(['free', 'monthly', 'yearly']);
    expect(res.json().plans[2]).toMatchObject({ priceTenge: 50_000, savingPercent: 17 });
  });
});

describe.each(testDatabases().slice(0, 1))('configured prices through the API on $name', (backend) => {
  const suite = useDocumentsSuite(backend, {
    env: {
      QOLTANBA_PRICE_MONTHLY_KZT: '21500',
      QOLTANBA_PRICE_YEARLY_KZT: '200000',
      QOLTANBA_SELLER_VAT: '12',
    },
  });

  it('the catalogue, the order and its invoice carry the configured price, in figures and in words', async () => {
    const plans = (await call(suite.server, 'GET', BILLING_PATHS.plans)).json();
    // 200 000 against 12 × 21 500 = 258 000: 22 % saved.
    expect(plans.plans.slice(1)).toEqual([
      expect.objectContaining({ id: 'monthly', priceTenge: 21_500, savingPercent: 0 }),
      expect.objectContaining({ id: 'yearly', priceTenge: 200_000, savingPercent: 22 }),
    ]);
    const token = await suite.user('buyer@example.kz', [sender]);
    const { order, invoice } = await generateInvoice(suite, token, sender.bin, 'monthly');
    expect(order.amount).toBe(21_500);
    const { url } = (
      await suite.request(token, 'GET', apiPath(BILLING_PATHS.invoicePath, { id: String(invoice.id) }))
    ).json() as PaymentInvoicePath;
    const text = flat(await pdfPageTexts((await call(suite.server, 'GET', url)).rawPayload));
    expect(text).toContain('Всего к оплате / Барлығы төлеуге: 21 500,00 KZT');
    expect(text).toContain('Двадцать одна тысяча пятьсот тенге 00 тиын');
    expect(text).toContain('Жиырма бір мың бес жүз теңге 00 тиын');
    expect(text).toContain('В том числе НДС 12% / Оның ішінде ҚҚС 12%: 2 303,57');
  });
});

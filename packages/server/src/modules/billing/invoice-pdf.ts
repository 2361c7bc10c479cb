import { amountInWords, formatTariffDate, type PaidPlanId, PLAN_MONTHS } from '@qoltanba/core';
import { createTextPdf } from '../../pdf/text-pdf.js';
import type { SellerRequisites } from './billing-env.js';

/** Everything a printed invoice shows. */
export interface InvoiceContent {
  number: string;
  issuedAt: Date;
  seller: SellerRequisites;
  buyer: { bin: string; name: string };
  plan: PaidPlanId;
  amountTiyn: number;
  /** The payment reference the bank statement will carry. */
  uin: string;
}

const PLAN_NAMES: Record<PaidPlanId, { ru: string; kk: string }> = {
  monthly: { ru: 'Месячный', kk: 'Айлық' },
  yearly: { ru: 'Годовой', kk: 'Жылдық' },
};

/** Tiyn as "21 500,00", as Kazakh invoices print money. */
export function formatMoney(tiyn: number): string {
  const whole = Math.floor(tiyn / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${whole},${String(tiyn % 100).padStart(2, '0')}`;
}

/** The VAT included in a gross amount at `rate` percent, in tiyn (rounded half up). */
export function includedVat(grossTiyn: number, rate: number): number {
  return Math.round((grossTiyn * rate) / (100 + rate));
}

/**
 * The invoice as a PDF, the Kazakh "Счёт на оплату" with its Kazakh title "Төлем шоты": the payment order sample
 * (beneficiary, BIN, IIK, KBe, bank, BIK, KNP), number and date, seller and buyer, the service line, the total in
 * figures and in words in Russian and Kazakh, the VAT line, and the UIN to quote as the payment purpose. Bilingual
 * labels; DejaVu Sans embedded, so every Kazakh letter renders and extracts.
 */
export async function invoicePdf(invoice: InvoiceContent): Promise<Uint8Array> {
  const { seller, buyer } = invoice;
  const date = formatTariffDate(invoice.issuedAt).slice(0, 10);
  const title = `Счёт на оплату № ${invoice.number} от ${date}`;
  const { pdf, layout } = await createTextPdf({ title, createdAt: invoice.issuedAt });
  const money = formatMoney(invoice.amountTiyn);
  const plan = PLAN_NAMES[invoice.plan];
  const months = PLAN_MONTHS[invoice.plan];
  const width = layout.contentWidth;

  layout.text(
    'Внимание! Оплата данного счёта означает согласие с условиями публичной оферты. Счёт действителен 10 банковских дней. / ' +
      'Назар аударыңыз! Осы шотты төлеу жария офертаның шарттарымен келісуді білдіреді.',
    { size: 7, grey: true },
  );
  layout.gap(6);
  layout.text('Образец платёжного поручения / Төлем тапсырмасының үлгісі', { bold: true, size: 10 });
  layout.row([
    { text: `Бенефициар / Бенефициар:\n${seller.name}\nБИН / БСН: ${seller.bin}`, width: width * 0.5 },
    { text: `ИИК / ЖСК:\n${seller.iik}`, width: width * 0.32 },
    { text: `Кбе / КБе:\n${seller.kbe}`, width: width * 0.18 },
  ]);
  layout.row([
    { text: `Банк бенефициара / Бенефициардың банкі:\n${seller.bank}`, width: width * 0.5 },
    { text: `БИК / БСК:\n${seller.bik}`, width: width * 0.32 },
    { text: `Код назначения платежа / Төлем мақсатының коды (КНП):\n${seller.knp}`, width: width * 0.18 },
  ]);
  layout.gap(10);
  layout.text(title, { bold: true, size: 13 });
  layout.text(`Төлем шоты № ${invoice.number}, ${date}`, { bold: true, size: 11 });
  layout.gap(6);
  layout.text(`Поставщик / Жеткізуші: БИН / БСН ${seller.bin}, ${seller.name}, ${seller.address}`);
  layout.text(`Покупатель / Сатып алушы: БИН/ИИН / БСН/ЖСН ${buyer.bin}, ${buyer.name}`);
  layout.text('Договор / Шарт: публичная оферта Qoltanba / Qoltanba жария офертасы');
  layout.gap(8);
  const columns = [0.06, 0.46, 0.1, 0.1, 0.14, 0.14].map((share) => share * width);
  const cells = (texts: string[], bold = false) =>
    texts.map((text, index) => ({ text, width: columns[index] ?? 0, style: { bold, size: 8 } }));
  layout.row(
    cells(
      ['№', 'Наименование / Атауы', 'Кол-во / Саны', 'Ед. / Өлш. бірл.', 'Цена / Бағасы', 'Сумма / Сомасы'],
      true,
    ),
  );
  layout.row(
    cells([
      '1',
      `Доступ к сервису Qoltanba, тариф «${plan.ru}», ${months} мес. / Qoltanba сервисіне қолжетімділік, «${plan.kk}» тарифі, ${months} ай`,
      '1',
      'услуга / қызмет',
      money,
      money,
    ]),
  );
  layout.gap(6);
  const right = { indent: width * 0.45 };
  layout.text(`Итого / Барлығы: ${money}`, { ...right, bold: true });
  if (seller.vatRate === null) {
    layout.text('Без НДС / ҚҚС-сыз', right);
  } else {
    const vat = formatMoney(includedVat(invoice.amountTiyn, seller.vatRate));
    layout.text(`В том числе НДС ${seller.vatRate}% / Оның ішінде ҚҚС ${seller.vatRate}%: ${vat}`, right);
  }
  layout.text(`Всего к оплате / Барлығы төлеуге: ${money} KZT`, { ...right, bold: true });
  layout.gap(8);
  layout.text(`Всего наименований 1, на сумму ${money} KZT / Барлығы 1 атау, сомасы ${money} KZT`);
  layout.text(`Всего к оплате: ${amountInWords(invoice.amountTiyn, 'ru')}`, { bold: true });
  layout.text(`Барлығы төлеуге: ${amountInWords(invoice.amountTiyn, 'kk')}`, { bold: true });
  layout.gap(8);
  layout.text(
    `Уникальный идентификатор платежа (УИН), укажите в назначении платежа / Төлемнің бірегей сәйкестендіргіші (ТБС), төлем мақсатында көрсетіңіз: ${invoice.uin}`,
    { bold: true },
  );
  layout.text(
    `Назначение платежа / Төлем мақсаты: Оплата по счёту № ${invoice.number} от ${date}, УИН ${invoice.uin}, тариф «${plan.ru}»`,
  );
  layout.gap(18);
  layout.text('Исполнитель / Орындаушы: ______________________ / ______________________');
  layout.numberPages('Qoltanba ·');
  return pdf.save();
}

/** Why a bank statement payment was not matched to an invoice (the operator registers it by hand). */
export const STATEMENT_UNMATCHED_REASONS = [
  /** The payment purpose names no UIN and no invoice number. */
  'NO_REFERENCE',
  /** It names some, but no invoice has them. */
  'UNKNOWN_REFERENCE',
  /** It names several invoices and the amount does not pick one. */
  'AMBIGUOUS',
  /** Only an invoice number, and neither the amount due nor the payer's BIN/IIN confirms it. */
  'AMOUNT_MISMATCH',
  /**
   * An operator registered a payment of the same amount on that invoice's order by hand: perhaps the same money,
   * so it is not counted twice (the operator registers it by hand if it is another payment).
   */
  'REGISTERED_BY_HAND',
] as const;

/** See {@link STATEMENT_UNMATCHED_REASONS}. */
export type StatementUnmatchedReason = (typeof STATEMENT_UNMATCHED_REASONS)[number];

/** The payment references a payment purpose names: UINs (`QT` and 16 digits) and invoice numbers. */
export interface StatementReferences {
  uins: string[];
  invoiceNumbers: string[];
}

/** The payment reference printed on our invoices: `QT` and 16 digits. */
export const PAYMENT_UIN_PATTERN = /^QT\d{16}$/;

// Banks may keep or drop the case and put a space after "QT"; the digit run must end there.
const UIN_IN_TEXT = /QT\s?(\d{16})(?!\d)/giu;
// "счёт № 12", "по счету 12", "шот № 12", "invoice 12", "№12": a number right after one of these.
const INVOICE_IN_TEXT =
  /(?:№|#|сч[её]т[а-я]*|шот[а-яәіңғүұқөһ]*|invoice|инвойс[а-я]*)\s*(?:на оплату\s*)?(?:№|#|N\s)?\s*(\d{1,10})(?!\d)/giu;

/**
 * The UINs and invoice numbers a payment purpose names, each once, in order.
 *
 * @example statementReferences('Оплата по счёту № 12, УИН QT1234567890123456')
 * // { uins: ['QT1234567890123456'], invoiceNumbers: ['12'] }
 */
export function statementReferences(purpose: string): StatementReferences {
  const uins = new Set<string>();
  const numbers = new Set<string>();
  for (const match of purpose.matchAll(UIN_IN_TEXT)) uins.add(`QT${match[1]}`);
  for (const match of purpose.replace(UIN_IN_TEXT, ' ').matchAll(INVOICE_IN_TEXT)) {
    numbers.add(String(Number(match[1])));
  }
  return { uins: [...uins], invoiceNumbers: [...numbers] };
}

/** An invoice a statement payment may pay. */
export interface StatementInvoice {
  invoiceNumber: string;
  uin: string;
  /** The buyer's BIN/IIN. */
  bin: string;
  /** What is still due on its order, in tiyn (0 once paid). */
  dueTiyn: number;
  /** Amounts (tiyn) of the payments an operator registered by hand on its order, not from a statement. */
  handPaymentsTiyn?: readonly number[];
}

/** What the matching reads of one incoming statement payment. */
export interface StatementPaymentFacts {
  amountTiyn: number;
  purpose: string;
  /** The payer's BIN/IIN when the statement carries it. */
  payerBin: string | null;
}

/** The invoice a statement payment pays, or why none. */
export type StatementMatch =
  | { matched: true; invoice: StatementInvoice; by: 'uin' | 'invoice_number' }
  | { matched: false; reason: StatementUnmatchedReason };

function single(
  found: readonly StatementInvoice[],
  amountTiyn: number,
): StatementInvoice | 'ambiguous' | undefined {
  if (found.length <= 1) return found[0];
  const exact = found.filter((invoice) => invoice.dueTiyn === amountTiyn);
  return exact.length === 1 ? exact[0] : 'ambiguous';
}

/**
 * Which invoice a payment from the bank statement pays. A UIN the purpose names decides alone (the amount then
 * says paid, underpaid or overpaid); an invoice number (short, so easily a number meant otherwise) counts only
 * when the amount equals what is due or the payer is the invoice's buyer. Several candidates: the one whose due
 * amount equals the payment, else AMBIGUOUS. The invoice found, when an operator registered a payment of the same
 * amount on its order by hand: REGISTERED_BY_HAND (the statement may be bringing that same payment; counted twice
 * it would credit the balance or activate an order half paid). `invoices` are those the server found for
 * {@link statementReferences} of the purpose.
 */
export function matchStatementPayment(
  payment: StatementPaymentFacts,
  invoices: readonly StatementInvoice[],
): StatementMatch {
  const match = invoiceOfPayment(payment, invoices);
  if (match.matched && match.invoice.handPaymentsTiyn?.includes(payment.amountTiyn)) {
    return { matched: false, reason: 'REGISTERED_BY_HAND' };
  }
  return match;
}

/** {@link matchStatementPayment} before the check against payments registered by hand. */
function invoiceOfPayment(
  payment: StatementPaymentFacts,
  invoices: readonly StatementInvoice[],
): StatementMatch {
  const refs = statementReferences(payment.purpose);
  if (refs.uins.length === 0 && refs.invoiceNumbers.length === 0)
    return { matched: false, reason: 'NO_REFERENCE' };
  const byUin = single(
    invoices.filter((invoice) => refs.uins.includes(invoice.uin)),
    payment.amountTiyn,
  );
  if (byUin === 'ambiguous') return { matched: false, reason: 'AMBIGUOUS' };
  if (byUin) return { matched: true, invoice: byUin, by: 'uin' };
  const named = invoices.filter((invoice) => refs.invoiceNumbers.includes(invoice.invoiceNumber));
  if (named.length === 0) return { matched: false, reason: 'UNKNOWN_REFERENCE' };
  const confirmed = named.filter(
    (invoice) => invoice.dueTiyn === payment.amountTiyn || invoice.bin === payment.payerBin,
  );
  if (confirmed.length === 0) return { matched: false, reason: 'AMOUNT_MISMATCH' };
  const byNumber = single(confirmed, payment.amountTiyn);
  if (byNumber === 'ambiguous' || !byNumber) return { matched: false, reason: 'AMBIGUOUS' };
  return { matched: true, invoice: byNumber, by: 'invoice_number' };
}

/** A payment counted on an order before, as the hand registration check reads it. */
export interface EarlierPayment {
  id: number;
  /** `bank`: registered by an operator by hand; `statement`: imported from a bank statement; `balance`: paid from it. */
  source: 'bank' | 'statement' | 'balance';
  amountTiyn: number;
  /** The bank document's reference (the statement's `1c:…` for imported ones). */
  reference: string | null;
}

/** Whether an operator's payment registered by hand is counted, and which earlier payment it may repeat. */
export type HandPaymentDecision =
  | {
      allowed: true;
      /** The statement payment of the same amount the operator confirmed this is not (null: none to confirm). */
      confirmedDuplicateOf: EarlierPayment | null;
    }
  | { allowed: false; reason: 'POSSIBLE_DUPLICATE'; duplicateOf: EarlierPayment };

/**
 * The reverse of {@link matchStatementPayment}'s REGISTERED_BY_HAND: may an operator register by hand a payment of
 * `amountTiyn` on an order whose `earlier` payments (oldest first) are these? When one of them of the same amount
 * came from a bank statement, the operator may be typing that same money in again under another reference
 * (counted twice it would credit the balance, or activate an order paid by half): refused, naming the oldest such
 * payment, unless the operator confirms it is other money (`confirmDuplicate`), which is then recorded against it.
 * Payments registered by hand or from the balance are not a reason: a bank reference is unique, so they are
 * other money.
 */
export function handPaymentDecision(
  amountTiyn: number,
  earlier: readonly EarlierPayment[],
  confirmDuplicate: boolean,
): HandPaymentDecision {
  const duplicateOf = earlier.find(
    (payment) => payment.source === 'statement' && payment.amountTiyn === amountTiyn,
  );
  if (!duplicateOf) return { allowed: true, confirmedDuplicateOf: null };
  if (confirmDuplicate) return { allowed: true, confirmedDuplicateOf: duplicateOf };
  return { allowed: false, reason: 'POSSIBLE_DUPLICATE', duplicateOf };
}

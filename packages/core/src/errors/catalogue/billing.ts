import type { ErrorCode } from '../codes';
import type { ErrorEntry } from './entry';

/** Tariffs, orders, invoices and payments (ours; SPEC shows no message). */
export const billingErrors = {
  BILLING_OPERATOR_ONLY: {
    kk: 'Бұл әрекет тек төлемдер операторына рұқсат етілген',
    ru: 'Это действие доступно только оператору платежей',
    en: 'Only a payments operator may do this',
    status: 403,
  },
  INVOICE_ORDER_MISMATCH: {
    kk: 'Шот тапсырыстағы тарифке сәйкес келмейді',
    ru: 'Счёт не соответствует тарифу заказа',
    en: "The invoice does not match the order's plan",
    status: 409,
  },
  PAYMENT_REFERENCE_CONFLICT: {
    kk: 'Бұл төлем басқа сомамен немесе басқа шотқа тіркелген',
    ru: 'Этот платёж уже зарегистрирован с другой суммой или по другому счёту',
    en: 'This payment is already registered with another amount or invoice',
    status: 409,
  },
  PAYMENT_POSSIBLE_DUPLICATE: {
    kk: 'Бұл шот бойынша осындай сомадағы төлем банк үзіндісінен тіркелген ({reference}). Бұл басқа ақша болса, қайталау емес екенін растаңыз',
    ru: 'По этому счёту платёж на такую сумму уже зарегистрирован из банковской выписки ({reference}). Если это другие деньги, подтвердите, что это не повтор',
    en: 'A payment of this amount on this invoice was already registered from a bank statement ({reference}). If this is other money, confirm it is not a duplicate',
    withoutParams: {
      kk: 'Бұл шот бойынша осындай сомадағы төлем банк үзіндісінен тіркелген. Бұл басқа ақша болса, қайталау емес екенін растаңыз',
      ru: 'По этому счёту платёж на такую сумму уже зарегистрирован из банковской выписки. Если это другие деньги, подтвердите, что это не повтор',
      en: 'A payment of this amount on this invoice was already registered from a bank statement. If this is other money, confirm it is not a duplicate',
    },
    status: 409,
  },
  STATEMENT_MALFORMED: {
    kk: 'Банк үзіндісінің файлы оқылмады: {field}',
    ru: 'Не удалось прочитать файл банковской выписки: {field}',
    en: 'The bank statement file could not be read: {field}',
    withoutParams: {
      kk: 'Банк үзіндісінің файлы оқылмады',
      ru: 'Не удалось прочитать файл банковской выписки',
      en: 'The bank statement file could not be read',
    },
    status: 400,
  },
  STATEMENT_ENCODING_UNSUPPORTED: {
    kk: 'Үзінді Windows-1251 немесе UTF-8 кодтауында болуы керек',
    ru: 'Выписка должна быть в кодировке Windows-1251 или UTF-8',
    en: 'The statement must be in Windows-1251 or UTF-8',
    status: 400,
  },
} satisfies Partial<Record<ErrorCode, ErrorEntry>>;

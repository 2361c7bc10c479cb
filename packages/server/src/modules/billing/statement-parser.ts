import { AppError } from '@qoltanba/core';

/** Largest statement file accepted (a month of a busy account is far below). */
export const STATEMENT_MAX_BYTES = 5 * 1024 * 1024;

/** The encodings a 1C ClientBank file comes in from Kazakh banks. */
export type StatementEncoding = 'utf-8' | 'windows-1251';

/** One document (`СекцияДокумент`) of the statement. */
export interface StatementDocument {
  /** The line of the file where its section starts (for errors). */
  line: number;
  kind: string;
  number: string;
  /** dd.MM.yyyy as the file writes it. */
  date: string;
  amountTiyn: number;
  payer: string;
  payerBin: string | null;
  payerAccount: string | null;
  receiverAccount: string | null;
  /** `ДатаПоступило`: set on money received. */
  receivedDate: string | null;
  purpose: string;
}

/** A parsed `1CClientBankExchange` file. */
export interface ParsedStatement {
  encoding: StatementEncoding;
  /** `РасчСчет`: the account (IIK) the statement is of. */
  account: string | null;
  from: string | null;
  to: string | null;
  documents: StatementDocument[];
}

const HEADER = '1CClientBankExchange';
const KEYWORDS = ['ВерсияФормата', 'Кодировка', 'РасчСчет', 'СекцияДокумент', 'КонецФайла'];
const UTF8_BOM = [0xef, 0xbb, 0xbf];

const malformed = (field: string) => new AppError('STATEMENT_MALFORMED', { field });
const unsupported = () => new AppError('STATEMENT_ENCODING_UNSUPPORTED');

/**
 * The text of the file and its encoding, told by the bytes (the `Кодировка=` line is often wrong): valid UTF-8 is
 * UTF-8, anything else Windows-1251. UTF-16 (a BOM or NUL bytes) is STATEMENT_ENCODING_UNSUPPORTED.
 */
export function decodeStatement(bytes: Uint8Array): { text: string; encoding: StatementEncoding } {
  if (
    (bytes[0] === 0xff && bytes[1] === 0xfe) ||
    (bytes[0] === 0xfe && bytes[1] === 0xff) ||
    bytes.includes(0)
  ) {
    throw unsupported();
  }
  const bom = UTF8_BOM.every((byte, i) => bytes[i] === byte);
  try {
    return {
      text: new TextDecoder('utf-8', { fatal: true }).decode(bom ? bytes.subarray(3) : bytes),
      encoding: 'utf-8',
    };
  } catch {
    return { text: new TextDecoder('windows-1251').decode(bytes), encoding: 'windows-1251' };
  }
}

/** Tenge as the file writes them ("21500.00", "21500,5", "21500") in tiyn; undefined when not an amount. */
export function statementTiyn(value: string): number | undefined {
  const match = /^(\d{1,13})(?:[.,](\d{1,2}))?$/.exec(value.replace(/[\s\u00a0]/g, ''));
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

const DATE = /^\d{2}\.\d{2}\.\d{4}$/;
const first = (fields: ReadonlyMap<string, string>, ...keys: string[]): string | null => {
  for (const key of keys) {
    const value = fields.get(key)?.trim();
    if (value) return value;
  }
  return null;
};

function documentOf(line: number, kind: string, fields: ReadonlyMap<string, string>): StatementDocument {
  const at = (key: string) => `line ${line}: ${key}`;
  const number = first(fields, 'Номер');
  if (!number) throw malformed(at('Номер'));
  const date = first(fields, 'Дата');
  if (!date || !DATE.test(date)) throw malformed(at('Дата'));
  const amountTiyn = statementTiyn(first(fields, 'Сумма') ?? '');
  if (amountTiyn === undefined || amountTiyn <= 0) throw malformed(at('Сумма'));
  const purposeParts = ['НазначениеПлатежа', ...[1, 2, 3, 4, 5, 6].map((n) => `НазначениеПлатежа${n}`)];
  return {
    line,
    kind,
    number,
    date,
    amountTiyn,
    payer: first(fields, 'Плательщик', 'Плательщик1') ?? '',
    payerBin: first(fields, 'ПлательщикБИН', 'ПлательщикИИН', 'ПлательщикБИН_ИИН', 'ПлательщикИНН'),
    payerAccount: first(fields, 'ПлательщикИИК', 'ПлательщикСчет'),
    receiverAccount: first(fields, 'ПолучательИИК', 'ПолучательСчет'),
    receivedDate: first(fields, 'ДатаПоступило'),
    purpose: purposeParts
      .map((key) => fields.get(key)?.trim() ?? '')
      .filter(Boolean)
      .join(' '),
  };
}

/**
 * Reads a bank statement in the 1C ClientBank exchange format (`1CClientBankExchange`): the header, any
 * `СекцияРасчСчет` (balances, ignored) and each `СекцияДокумент` up to `КонецФайла`. All or nothing: a file that is
 * not one, cut short, or with a document lacking its number, date or amount is STATEMENT_MALFORMED naming the line;
 * text that decodes to no known keyword (another code page) is STATEMENT_ENCODING_UNSUPPORTED.
 */
export function parseStatement(bytes: Uint8Array): ParsedStatement {
  const { text, encoding } = decodeStatement(bytes);
  const lines = text.split(/\r\n|\r|\n/);
  let index = lines.findIndex((line) => line.trim() !== '');
  if (index < 0 || lines[index]?.trim() !== HEADER) throw malformed(HEADER);
  // Cyrillic keywords every 1C file has; none of them readable means another code page (DOS 866, KOI8-R).
  if (/[^\t\n\r -~]/.test(text) && !KEYWORDS.some((keyword) => text.includes(keyword))) throw unsupported();
  const header = new Map<string, string>();
  const documents: StatementDocument[] = [];
  let section:
    | { kind: 'account' }
    | { kind: 'document'; line: number; type: string; fields: Map<string, string> }
    | undefined;
  let ended = false;
  for (index += 1; index < lines.length; index += 1) {
    const raw = lines[index] ?? '';
    const line = raw.trim();
    const lineNo = index + 1;
    if (line === '') continue;
    if (ended) throw malformed(`line ${lineNo}`);
    const eq = line.indexOf('=');
    const key = eq < 0 ? line : line.slice(0, eq).trim();
    const value = eq < 0 ? '' : line.slice(eq + 1);
    if (key === 'КонецФайла') {
      if (section) throw malformed(`line ${lineNo}: ${key}`);
      ended = true;
    } else if (key === 'СекцияРасчСчет' || key === 'СекцияДокумент') {
      if (section) throw malformed(`line ${lineNo}: ${key}`);
      section =
        key === 'СекцияРасчСчет'
          ? { kind: 'account' }
          : { kind: 'document', line: lineNo, type: value.trim(), fields: new Map() };
    } else if (key === 'КонецРасчСчет') {
      if (section?.kind !== 'account') throw malformed(`line ${lineNo}: ${key}`);
      section = undefined;
    } else if (key === 'КонецДокумента') {
      if (section?.kind !== 'document') throw malformed(`line ${lineNo}: ${key}`);
      documents.push(documentOf(section.line, section.type, section.fields));
      section = undefined;
    } else if (eq <= 0) {
      throw malformed(`line ${lineNo}`);
    } else if (section?.kind === 'document') {
      section.fields.set(key, value);
    } else if (!section) {
      header.set(key, value);
    }
  }
  if (!ended) throw malformed('КонецФайла');
  const account = first(header, 'РасчСчет');
  return { encoding, account, from: first(header, 'ДатаНачала'), to: first(header, 'ДатаКонца'), documents };
}

/**
 * True when the document is money received on the statement's account: paid to that account (or, when the file
 * names no accounts, marked `ДатаПоступило`). Payments the company made are not ours to match.
 */
export function isIncoming(
  statement: Pick<ParsedStatement, 'account'>,
  document: StatementDocument,
): boolean {
  if (statement.account && document.receiverAccount) return document.receiverAccount === statement.account;
  return document.receivedDate !== null;
}

/** The bank document's reference for `billing_payments.reference`: the same payment in any later file is the same. */
export function statementReference(
  statement: Pick<ParsedStatement, 'account'>,
  document: StatementDocument,
): string {
  const payer = document.payerAccount ?? document.payerBin ?? document.payer;
  return ['1c', statement.account ?? '', document.date, document.number, payer].join(':');
}

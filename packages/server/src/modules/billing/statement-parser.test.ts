import { isAppError } from '@qoltanba/core';
import { describe, expect, it } from 'vitest';
import { statementText, TEST_STATEMENT_ACCOUNT, windows1251 } from '../../testing/billing.js';
import { isIncoming, parseStatement, statementReference, statementTiyn } from './statement-parser.js';

const ENTRIES = [
  { number: '101', amount: '5000.00', purpose: 'Оплата по счёту № 12, УИН QT1234567890123456' },
  { number: '102', amount: '21500,5', purpose: 'Оплата за услуги', payerBin: '180240021505' },
  { number: '103', amount: '700', purpose: 'Комиссия банка', receiverAccount: 'KZ00000BANK000000001' },
];

/** The catalogue code and `field` param of what `run` throws. */
function refusal(run: () => unknown): { code: string; field?: unknown } {
  try {
    run();
  } catch (error) {
    if (isAppError(error)) return { code: error.code, field: error.params?.field };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('parseStatement', () => {
  it('reads the same documents from Windows-1251, UTF-8 and UTF-8 with a BOM, telling the encoding by the bytes', () => {
    const text = statementText(ENTRIES);
    const cp1251 = parseStatement(windows1251(text));
    const utf8 = parseStatement(Buffer.from(text, 'utf8'));
    const bom = parseStatement(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]));
    expect(cp1251.encoding).toBe('windows-1251');
    expect(utf8.encoding).toBe('utf-8');
    expect(bom.encoding).toBe('utf-8');
    expect(cp1251.documents).toEqual(utf8.documents);
    expect(bom.documents).toEqual(utf8.documents);
    expect(utf8).toMatchObject({ account: TEST_STATEMENT_ACCOUNT, from: '01.03.2026', to: '03.03.2026' });
    expect(utf8.documents).toHaveLength(3);
    expect(utf8.documents[0]).toMatchObject({
      kind: 'Платежное поручение',
      number: '101',
      date: '02.03.2026',
      amountTiyn: 500_000,
      payer: 'ТОО «Ромашка»',
      payerBin: '990240000001',
      purpose: 'Оплата по счёту № 12, УИН QT1234567890123456',
    });
    expect(utf8.documents[1]?.amountTiyn).toBe(2_150_050);
  });

  it('incoming means paid to the statement’s account; the reference is stable across files', () => {
    const statement = parseStatement(Buffer.from(statementText(ENTRIES), 'utf8'));
    expect(statement.documents.map((document) => isIncoming(statement, document))).toEqual([
      true,
      true,
      false,
    ]);
    const [first] = statement.documents;
    if (!first) throw new Error('no document');
    expect(statementReference(statement, first)).toBe(
      `1c:${TEST_STATEMENT_ACCOUNT}:02.03.2026:101:KZ11998CTB0000123456`,
    );
    const again = parseStatement(windows1251(statementText([ENTRIES[0] as (typeof ENTRIES)[0]])));
    expect(statementReference(again, again.documents[0] as typeof first)).toBe(
      statementReference(statement, first),
    );
  });

  it('a file without accounts counts the documents marked received', () => {
    const text = [
      '1CClientBankExchange',
      'ВерсияФормата=1.02',
      'СекцияДокумент=Платежное поручение',
      'Номер=1',
      'Дата=02.03.2026',
      'Сумма=10',
      'ДатаПоступило=02.03.2026',
      'КонецДокумента',
      'СекцияДокумент=Платежное поручение',
      'Номер=2',
      'Дата=02.03.2026',
      'Сумма=10',
      'КонецДокумента',
      'КонецФайла',
    ].join('\n');
    const statement = parseStatement(Buffer.from(text, 'utf8'));
    expect(statement.documents.map((document) => isIncoming(statement, document))).toEqual([true, false]);
  });

  it.each([
    ['not a 1C file', 'Дата;Сумма;Назначение\n02.03.2026;5000;оплата\n', '1CClientBankExchange'],
    ['cut short', statementText(ENTRIES).split('КонецДокумента')[0] ?? '', 'КонецФайла'],
    ['no amount', statementText(ENTRIES).replace('Сумма=5000.00', 'Сумма='), 'line 14: Сумма'],
    ['a negative amount', statementText(ENTRIES).replace('Сумма=5000.00', 'Сумма=-5000'), 'line 14: Сумма'],
    [
      'a date that is not one',
      statementText(ENTRIES).replace('Дата=02.03.2026', 'Дата=2026-03-02'),
      'line 14: Дата',
    ],
    [
      'a section inside a section',
      statementText(ENTRIES).replace('КонецДокумента', ''),
      'line 26: СекцияДокумент',
    ],
    ['a line that is no field', statementText(ENTRIES).replace('КНП=859', 'КНП 859'), 'line 23'],
    ['text after the end', `${statementText(ENTRIES)}Номер=9\r\n`, 'line 51'],
  ])('%s: STATEMENT_MALFORMED naming where', (_name, text, field) => {
    expect(refusal(() => parseStatement(Buffer.from(text, 'utf8')))).toEqual({
      code: 'STATEMENT_MALFORMED',
      field,
    });
  });

  it('UTF-16 and other code pages are STATEMENT_ENCODING_UNSUPPORTED', () => {
    const text = statementText(ENTRIES);
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    expect(refusal(() => parseStatement(utf16)).code).toBe('STATEMENT_ENCODING_UNSUPPORTED');
    const ibm866 = new Map<string, number>();
    const decoder = new TextDecoder('ibm866');
    for (let byte = 0x80; byte <= 0xff; byte += 1) ibm866.set(decoder.decode(Uint8Array.of(byte)), byte);
    const dos = Buffer.from(
      [...text.replace(/[«»]/g, '"')].map((char) =>
        char.charCodeAt(0) < 0x80 ? char.charCodeAt(0) : (ibm866.get(char) ?? 0x3f),
      ),
    );
    expect(refusal(() => parseStatement(dos)).code).toBe('STATEMENT_ENCODING_UNSUPPORTED');
  });

  it('amounts in tenge with a dot, a comma or none', () => {
    expect(statementTiyn('21500.00')).toBe(2_150_000);
    expect(statementTiyn('1 234 567,8')).toBe(123_456_780);
    expect(statementTiyn('12')).toBe(1_200);
    expect(statementTiyn('12.345')).toBeUndefined();
    expect(statementTiyn('abc')).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { decodeQrMatrix } from '../testing/pdf-inspect.js';
import { qrMatrix, qrRuns } from './qr-matrix.js';

describe('QR matrix', () => {
  it.each(['https://q.example.kz/check/1/2', 'https://qoltanba.kz/check/2147483647/2147483646'])(
    'encodes %s so that a QR reader gets it back',
    (url) => {
      expect(decodeQrMatrix(qrMatrix(url))).toBe(url);
    },
  );

  it('a different address gives a different matrix', () => {
    expect(qrMatrix('https://q.example.kz/check/1/2')).not.toEqual(
      qrMatrix('https://q.example.kz/check/1/3'),
    );
  });

  it('runs cover exactly the dark modules', () => {
    const matrix = qrMatrix('https://q.example.kz/check/7/9');
    const painted = matrix.map((row) => row.map(() => false));
    for (const run of qrRuns(matrix)) {
      for (let c = run.column; c < run.column + run.length; c += 1) {
        const row = painted[run.row];
        if (row) {
          expect(row[c]).toBe(false);
          row[c] = true;
        }
      }
    }
    expect(painted).toEqual(matrix);
  });
});

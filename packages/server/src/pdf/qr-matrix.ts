import { encode } from 'uqr';

/** A QR code's modules, row by row from the top; true is dark. No quiet zone: the drawer leaves it blank. */
export type QrMatrix = readonly (readonly boolean[])[];

/** One horizontal run of dark modules, in module units from the top-left corner. */
export interface QrRun {
  row: number;
  column: number;
  length: number;
}

/** The QR matrix of `text` (error correction M: survives a crease or a stamp on printed paper). */
export function qrMatrix(text: string): QrMatrix {
  return encode(text, { ecc: 'M', border: 0 }).data;
}

/** The dark modules as horizontal runs, so a drawer paints one rectangle per run instead of per module. */
export function qrRuns(matrix: QrMatrix): QrRun[] {
  const runs: QrRun[] = [];
  matrix.forEach((modules, row) => {
    let start = -1;
    for (let column = 0; column <= modules.length; column += 1) {
      const dark = modules[column] === true;
      if (dark && start < 0) start = column;
      if (!dark && start >= 0) {
        runs.push({ row, column: start, length: column - start });
        start = -1;
      }
    }
  });
  return runs;
}

import { describe, expect, it } from 'vitest';
import { multipartLayout, partProgress } from './uploadProgress';

// What browsers send for FormData: `--boundary`, headers, blank line, content, line break; `--boundary--` at the end.
function realBodySize(
  parts: { name: string; size: number; fileName?: string; type?: string }[],
  boundary: string,
) {
  let size = 0;
  for (const part of parts) {
    const fileName = part.fileName === undefined ? '' : `; filename="${part.fileName}"`;
    const type = part.fileName === undefined ? '' : `Content-Type: ${part.type}\r\n`;
    size += `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${fileName}\r\n${type}\r\n`
      .length;
    size += part.size + 2;
  }
  return size + `--${boundary}--\r\n`.length;
}

describe('multipart progress', () => {
  const parts = [
    { name: 'document', size: 120 },
    { name: 'files', size: 1000, fileName: 'a.pdf', type: 'application/pdf' },
    { name: 'files', size: 3000, fileName: 'b.pdf', type: 'application/pdf' },
  ];

  it('estimates the body size within a few bytes of what a browser sends', () => {
    const { total } = multipartLayout(parts);
    const chromium = realBodySize(parts, '----WebKitFormBoundaryABCDEFGHIJKLMNOP');
    expect(Math.abs(total - chromium)).toBeLessThanOrEqual(parts.length * 4 + 4);
  });

  it('fills the files in order: earlier files complete before later ones start', () => {
    const layout = multipartLayout(parts);
    const total = realBodySize(parts, '----geckoformboundary0123456789abcdef0123456789');
    const headerOfA = layout.parts[1]?.start ?? 0;
    expect(partProgress(layout, 0, total)).toEqual([0, 0, 0]);
    expect(partProgress(layout, headerOfA - 20, total).slice(1)).toEqual([0, 0]);
    const halfOfA = partProgress(layout, headerOfA + 500, total);
    expect(halfOfA[0]).toBe(1);
    expect(halfOfA[1]).toBeGreaterThan(0.45);
    expect(halfOfA[1]).toBeLessThan(0.55);
    expect(halfOfA[2]).toBe(0);
    const intoB = partProgress(layout, total - 1500, total);
    expect(intoB[1]).toBe(1);
    expect(intoB[2]).toBeGreaterThan(0.45);
    expect(intoB[2]).toBeLessThan(0.55);
    expect(partProgress(layout, total, total)).toEqual([1, 1, 1]);
  });

  it('never reports more than complete, and an empty file completes once reached', () => {
    const layout = multipartLayout([
      { name: 'files', size: 0, fileName: 'empty.pdf' },
      { name: 'files', size: 1000, fileName: 'a.pdf' },
    ]);
    expect(partProgress(layout, 10_000, 5000)).toEqual([1, 1]);
    expect(partProgress(layout, 0, 5000)[0]).toBe(0);
    expect(partProgress(layout, 0, 0)).toEqual([0, 0]);
  });
});

import { describe, expect, it } from 'vitest';
import { sniffImageType } from './image-type.js';

const bytes = (...values: number[]) => new Uint8Array(values);

describe('sniffImageType', () => {
  it('recognises PNG, JPEG and WebP by their signatures', () => {
    expect(sniffImageType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png');
    expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    const webp = new Uint8Array([...Buffer.from('RIFF'), 1, 2, 3, 4, ...Buffer.from('WEBPVP8 ')]);
    expect(sniffImageType(webp)).toBe('image/webp');
  });

  it('refuses everything else, including truncated signatures and look-alikes', () => {
    expect(sniffImageType(bytes())).toBeUndefined();
    expect(sniffImageType(bytes(0x89, 0x50, 0x4e, 0x47))).toBeUndefined();
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(sniffImageType(Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBeUndefined();
    expect(sniffImageType(Buffer.from('GIF89a'))).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { checkDigit } from './check-digit';

describe('checkDigit', () => {
  it('uses weights 1..11 when their sum mod 11 is below 10', () => {
    // 9*1+0*2+0*3+5*4+1*5+5*6+3*7+0+0+1*10+2*11 = 117, 117 mod 11 = 7
    expect(checkDigit('90051530012')).toBe(7);
  });

  it('falls back to weights 3..11,1,2 when the first pass gives 10', () => {
    // 88021430060: first pass 142 mod 11 = 10, second pass 140 mod 11 = 8
    expect(checkDigit('88021430060')).toBe(8);
    expect(checkDigit('88021430062')).toBe(1);
    expect(checkDigit('07094000050')).toBe(5);
  });

  it('is undefined when both passes give 10', () => {
    expect(checkDigit('88021430061')).toBeUndefined();
    expect(checkDigit('88021430142')).toBeUndefined();
  });

  it('is undefined for input that is not 11 digits', () => {
    expect(checkDigit('9005153001')).toBeUndefined();
    expect(checkDigit('900515300123')).toBeUndefined();
    expect(checkDigit('9005153001a')).toBeUndefined();
  });
});

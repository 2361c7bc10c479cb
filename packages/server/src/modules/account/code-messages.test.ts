import { describe, expect, it } from 'vitest';
import { codeMessage, formatUntil } from './code-messages.js';

describe('codeMessage', () => {
  it('carries the code and its lifetime in each language', () => {
    expect(codeMessage('registration', '012345', 600, 'ru')).toEqual({
      subject: 'Qoltanba: код подтверждения регистрации',
      text: 'Код подтверждения Qoltanba: 012345. Код действует 10 минут. Никому его не сообщайте.',
    });
    expect(codeMessage('otp', '999999', 600, 'kk').text).toContain('999999');
    expect(codeMessage('recovery', '111111', 600, 'en').subject).toBe('Qoltanba: password recovery code');
  });
});

describe('formatUntil', () => {
  it('shows Almaty time, not UTC', () => {
    const until = new Date('2026-03-01T10:15:00Z');
    const text = formatUntil(until, 'ru');
    expect(text).toContain('01.03.2026');
    expect(text).not.toContain('10:15');
    expect(text).toMatch(/1[56]:15/); // UTC+5 (tz data from 2024) or UTC+6 (older data)
  });
});

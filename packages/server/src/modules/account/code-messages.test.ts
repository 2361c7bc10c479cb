import { describe, expect, it } from 'vitest';
import { codeMessage } from './code-messages.js';

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

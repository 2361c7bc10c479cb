import { describe, expect, it } from 'vitest';
import { signingCapacityText } from '../i18n/verification-texts';
import type { SignerRole } from '../schemas/verification';
import { signingCapacity } from './signing-capacity';

const person = { iin: '880101300123', bin: null, role: null, roles: [] };
const company = (role: SignerRole | null, roles: SignerRole[] = role ? ['legal_entity', role] : []) => ({
  iin: '880101300123',
  bin: '990340000123',
  role,
  roles,
});

describe('signingCapacity', () => {
  it('lets the first head and the right to sign sign for the company', () => {
    expect(signingCapacity(company('first_head'))).toEqual({
      role: 'first_head',
      forCompany: true,
      maySignForCompany: true,
    });
    expect(signingCapacity(company('right_to_sign'))).toMatchObject({ maySignForCompany: true });
  });

  it.each<SignerRole>(['financial', 'hr', 'employee'])(
    'flags a company certificate of the %s role',
    (role) => {
      expect(signingCapacity(company(role))).toEqual({ role, forCompany: true, maySignForCompany: false });
    },
  );

  it('flags a company certificate without a role, reported as the legal entity', () => {
    expect(signingCapacity(company(null))).toEqual({
      role: 'legal_entity',
      forCompany: true,
      maySignForCompany: false,
    });
  });

  it('counts a right to sign among several roles, whichever is the most specific', () => {
    expect(signingCapacity(company('hr', ['legal_entity', 'right_to_sign', 'hr']))).toMatchObject({
      role: 'hr',
      maySignForCompany: true,
    });
  });

  it('reports an individual as signing on their own behalf, never flagged', () => {
    expect(signingCapacity({ ...person, role: 'individual', roles: ['individual'] })).toEqual({
      role: 'individual',
      forCompany: false,
      maySignForCompany: null,
    });
    expect(signingCapacity(person).role).toBe('individual');
    expect(signingCapacity({ ...person, iin: null }).role).toBeNull();
  });

  it('is said in every language', () => {
    const head = signingCapacity(company('first_head'));
    expect(signingCapacityText(head, 'ru')).toBe('Первый руководитель, от имени организации');
    expect(signingCapacityText(head, 'en')).toBe('First head, on behalf of the company');
    expect(signingCapacityText(signingCapacity({ ...person, role: 'individual', roles: [] }), 'kk')).toBe(
      'Жеке тұлға, өз атынан',
    );
    expect(signingCapacityText(signingCapacity({ ...person, iin: null }), 'en')).toBeNull();
  });
});

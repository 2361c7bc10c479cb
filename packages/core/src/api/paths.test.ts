import { describe, expect, it } from 'vitest';
import { checkPagePath } from '../schemas/verification';
import {
  ACCOUNT_PATHS,
  apiPath,
  DOCUMENT_PATHS,
  EMBED_PAGE,
  EMBED_PATHS,
  EVIDENCE_PATHS,
  PARTNER_PATHS,
  PROFILE_PATHS,
} from './paths';

describe('API paths', () => {
  it('keeps the SPEC section 7 addresses exactly', () => {
    expect(ACCOUNT_PATHS.login).toBe('/proxy/account-recovery-api.bpmn/auth/login');
    expect(ACCOUNT_PATHS.refresh).toBe('/proxy/account-recovery-api.bpmn/auth/login/refresh/token');
    expect(ACCOUNT_PATHS.recoveryChange).toBe(
      '/proxy/account-recovery-api.bpmn/auth/login/recovery/verify/change',
    );
    expect(apiPath(ACCOUNT_PATHS.verifyCode, { purpose: 'otp', channel: 'sms' })).toBe(
      '/proxy/account-recovery-api.bpmn/api/v1/account-recovery/verifyCode/otp/sms',
    );
    expect(PROFILE_PATHS.companies).toBe('/proxy/profile-api.bpmn/api/v1/profile/companies-from-context');
    expect(apiPath(PROFILE_PATHS.setLocale, { locale: 'kk' })).toBe(
      '/proxy/profile-api.bpmn/api/v1/user-entity/set-locale/kk',
    );
  });

  it('encodes values and refuses a missing parameter', () => {
    expect(apiPath(PROFILE_PATHS.mainCompany, { bin: '1/2' })).toContain('/companies/1%2F2/main');
    expect(() => apiPath(PROFILE_PATHS.mainCompany, {})).toThrow(/missing :bin/);
  });

  it('puts the evidence downloads under a document and the check page at the site root', () => {
    for (const path of Object.values(EVIDENCE_PATHS))
      expect(path.startsWith(`${DOCUMENT_PATHS.document}/`)).toBe(true);
    expect(checkPagePath(41, 5, 'ab'.repeat(32))).toBe(`/check/41/5?sha256=${'ab'.repeat(8)}`);
  });

  it('puts the partner API and the embed sessions under their own services', () => {
    for (const path of Object.values(PARTNER_PATHS))
      expect(path.startsWith('/proxy/partner-api/api/v1/')).toBe(true);
    for (const path of Object.values(EMBED_PATHS))
      expect(path.startsWith('/proxy/embed-api/api/v1/')).toBe(true);
    expect(apiPath(EMBED_PAGE, { token: 'qe_x' })).toBe('/embed/qe_x');
  });
});

import { describe, expect, it } from 'vitest';
import { GATEWAY_COOKIE, IDENTITY_NOTE_KEY, LANG_COOKIE, LAST_PROJECT_HREF_COOKIE } from './constants';

describe('contract constants', () => {
  // Other sites on the domain and pages already open read these names: a rename is a breaking change.
  it('names the cookies of SPEC section 3 exactly', () => {
    expect([GATEWAY_COOKIE, LANG_COOKIE, LAST_PROJECT_HREF_COOKIE]).toEqual([
      'GATEWAY',
      'lang',
      'lastProjectHref',
    ]);
  });

  // The portal's logout keeps this one key; the help widget's anonymous visitor lives in it.
  it('names the identity note storage key of SPEC section 3', () => {
    expect(IDENTITY_NOTE_KEY).toBe('identityNote');
  });
});

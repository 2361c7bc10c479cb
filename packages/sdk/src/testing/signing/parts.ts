import type { createFakeDocuments } from '../documents/fakeDocuments';
import type { FakeSigningOptions } from './fakeSigning';
import type { SigningLinks } from './links';
import type { QrSessions } from './qrSessions';
import type { SigningStore } from './records';
import type { SigningRules } from './signingRules';

/** The documents service the signing service acts on. */
export type SigningDocuments = ReturnType<typeof createFakeDocuments>;

/** What the route modules of the signing service share. */
export interface SigningParts {
  options: FakeSigningOptions;
  store: SigningStore;
  rules: SigningRules;
  links: SigningLinks;
  qr: QrSessions;
}

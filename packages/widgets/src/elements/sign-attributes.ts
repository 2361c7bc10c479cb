import { type AttributeSpecs, commonAttributes, type PropsOf } from './attributes';

// The spec map apart from the element's component, so the React build can read it without loading the element.

/** Tag of the signing element. */
export const SIGN_TAG = 'qoltanba-sign';

/** Attributes (and properties) of `<qoltanba-sign>`. */
export const signAttributes = {
  token: {
    type: 'string',
    doc: 'The embed token (purpose `sign`) your backend got from `POST /embed-tokens`; single use, minutes long.',
  },
  apiBase: {
    type: 'string',
    doc: 'Origin of the Qoltanba server; by default the origin the script was loaded from.',
  },
  qr: {
    type: 'boolean',
    default: true,
    doc: 'Offer eGov mobile QR signing besides NCALayer (`qr="false"` hides it).',
  },
  ...commonAttributes,
} as const satisfies AttributeSpecs;

/** Properties of `<qoltanba-sign>`, derived from {@link signAttributes}. */
export type SignAttributes = PropsOf<typeof signAttributes>;

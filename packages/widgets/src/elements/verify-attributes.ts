import { type AttributeSpecs, commonAttributes, type PropsOf } from './attributes';

// The spec map apart from the element's component, so the React build can read it without loading the element.

/** Tag of the verification element. */
export const VERIFY_TAG = 'qoltanba-verify';

/** Attributes (and properties) of `<qoltanba-verify>`. */
export const verifyAttributes = {
  apiBase: {
    type: 'string',
    doc: 'Origin of the Qoltanba server, e.g. `https://qoltanba.kz`; by default the origin the script was loaded from.',
  },
  ...commonAttributes,
} as const satisfies AttributeSpecs;

/** Properties of `<qoltanba-verify>`, derived from {@link verifyAttributes}. */
export type VerifyAttributes = PropsOf<typeof verifyAttributes>;

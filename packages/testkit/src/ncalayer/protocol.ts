/** NCALayer's websocket protocol, module `kz.gov.pki.knca.basics` (as NCALayer 1.4 and ncalayer-js-client speak it). */

/** The module and method a signing page calls. */
export const BASICS_MODULE = 'kz.gov.pki.knca.basics';

/** What NCALayer sends as soon as the socket opens. */
export interface NcaLayerGreeting {
  readonly result: { readonly version: string };
}

/** Keep-alive frame; NCALayer echoes it. */
export const HEARTBEAT = '--heartbeat--';

/** `signingParams` of a basics `sign` call. */
export interface BasicsSigningParams {
  /** `data` is base64: sign the decoded bytes (otherwise the text itself). */
  readonly decode?: boolean;
  /** Put the data into the CMS (attached). */
  readonly encapsulate?: boolean;
  /** `data` is already a digest. */
  readonly digested?: boolean;
  /** Ask for a time-stamp (`{}` = NCALayer's default TSA). */
  readonly tsaProfile?: Record<string, unknown> | null;
  readonly allowExpired?: boolean;
  readonly allowRevoked?: boolean;
}

/** `signerParams`: narrows the keys offered to the user. */
export interface BasicsSignerParams {
  /** All of these must be among the certificate's EKUs. */
  readonly extKeyUsageOids?: readonly string[];
  readonly iin?: string;
  readonly bin?: string;
  /** Certificate serial number, hex. */
  readonly serialNumber?: string;
  /** CA certificates (base64) to build the chain to; `[]` accepts any chain. */
  readonly chain?: readonly string[] | null;
}

/** A basics `sign` request. */
export interface BasicsSignRequest {
  readonly module: typeof BASICS_MODULE;
  readonly method: 'sign';
  readonly args: {
    readonly allowedStorages?: readonly string[] | null;
    readonly format: 'cms' | 'xml';
    readonly data: string | readonly string[];
    readonly signingParams: BasicsSigningParams;
    readonly signerParams: BasicsSignerParams;
    readonly locale?: string;
  };
}

/** NCALayer's basics error codes. */
export type BasicsErrorCode =
  | 'INVALID_SIGNING_PARAMS'
  | 'SIGNING_FAILURE'
  | 'GENERAL_ERROR'
  | 'INVOCATION_ERROR';

/** A basics answer: signatures (one base64 CMS per data item, an array even for one), a cancel (empty body) or an error. */
export type BasicsResponse =
  | { readonly status: true; readonly body: { readonly result: string[] } }
  | { readonly status: true; readonly body: Record<string, never> }
  | {
      readonly status: false;
      readonly code: BasicsErrorCode;
      readonly message: string;
      readonly details: string;
    };

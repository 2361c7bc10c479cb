import {
  APPROVAL_LINK_PAGE,
  EMBED_PAGE,
  EXTERNAL_DOCUMENT_PAGE,
  HELP_PAGE,
  SIGNING_LINK_PAGE,
  SUPPORT_INBOX_PAGE,
} from '@qoltanba/core';
import type { RouteName } from './routeNames';

/** Route names without an address of their own: the cabinet index (it is `Cabinet`'s) and the catch-alls. */
type UnaddressedRouteName = 'CabinetIndex' | 'NotFound' | 'CabinetNotFound';

/** A route that has an address: every {@link RouteName} except the cabinet index and the not-found pages. */
export type PathName = Exclude<RouteName, UnaddressedRouteName>;

/**
 * The address pattern of every addressable route (SPEC section 2, plus ours for onboarding and the profile),
 * in react-router syntax: `:id` is a parameter, `:id?` an optional one. The route table takes its paths from
 * here; links and redirects build addresses with {@link pathTo}. Imports no screens.
 */
export const ROUTE_PATHS = {
  main: '/',
  // Core's: the server builds external links to this address (the token in the fragment).
  DocumentByHash: EXTERNAL_DOCUMENT_PAGE,
  // Core's: the server puts this address into the e-mails it sends to signers without an account.
  SigningLink: SIGNING_LINK_PAGE,
  // Core's: the server puts this address into the e-mails it sends to approvers (no account needed).
  ApprovalLink: APPROVAL_LINK_PAGE,
  // Core's: partner pages open it in an iframe (`Qoltanba.embed`); the server sets frame-ancestors from the token.
  Embed: EMBED_PAGE,
  Tariffs: '/tariffs',
  Check: '/check',
  // Core's: the help widget's "Help centre" and the server's default help page addresses point here.
  Help: HELP_PAGE,
  CheckFile: '/check/:docId/:fileId',
  Cabinet: '/cabinet',
  Incoming: '/cabinet/incoming',
  IncomingDoc: '/cabinet/incoming/:id',
  Outgoing: '/cabinet/outgoing',
  OutgoingDoc: '/cabinet/outgoing/:id',
  CreateDocument: '/cabinet/create',
  EditDocument: '/cabinet/edit/:id',
  Document: '/cabinet/document/:id',
  Drafts: '/cabinet/draft',
  DraftDoc: '/cabinet/draft/:id',
  Trash: '/cabinet/trash',
  TrashDoc: '/cabinet/trash/:id',
  CabinetTariffs: '/cabinet/tariffs',
  CabinetMain: '/cabinet/main',
  Services: '/cabinet/services',
  Notification: '/cabinet/notification',
  CopyDocument: '/cabinet/copy/:id',
  Folder: '/cabinet/folder/:id?',
  Counterparty: '/cabinet/counterparty',
  Payments: '/cabinet/payments',
  Profile: '/cabinet/profile',
  OnboardingStart: '/cabinet/onboarding',
  AddCompany: '/cabinet/company/add',
  AttachCompany: '/cabinet/company/attach',
  ApiKeys: '/cabinet/company/api-keys',
  // Core's (issue 11): the operators' support inbox; `?conversation=<id>` names the open conversation.
  SupportInbox: SUPPORT_INBOX_PAGE,
} as const satisfies Record<PathName, `/${string}`>;

type Segments<Path extends string> = Path extends `${infer Head}/${infer Tail}`
  ? Head | Segments<Tail>
  : Path;
type RequiredParam<Segment> = Segment extends `:${string}?`
  ? never
  : Segment extends `:${infer Name}`
    ? Name
    : never;
type OptionalParam<Segment> = Segment extends `:${infer Name}?` ? Name : never;

/** A path parameter's value; numbers are written in decimal. */
export type PathParamValue = string | number;

/** The parameters of a path pattern: `:id` required, `:id?` optional. */
export type PathParams<Path extends string> = {
  [Name in RequiredParam<Segments<Path>>]: PathParamValue;
} & {
  [Name in OptionalParam<Segments<Path>>]?: PathParamValue;
};

/** What {@link pathTo} takes after the name: nothing, optional parameters, or required ones. */
export type PathArgs<Name extends PathName> = [RequiredParam<Segments<(typeof ROUTE_PATHS)[Name]>>] extends [
  never,
]
  ? [OptionalParam<Segments<(typeof ROUTE_PATHS)[Name]>>] extends [never]
    ? []
    : [params?: PathParams<(typeof ROUTE_PATHS)[Name]>]
  : [params: PathParams<(typeof ROUTE_PATHS)[Name]>];

/**
 * The address of a named route, its parameters URI-encoded; an optional parameter left out drops its segment.
 * A wrong name, a missing parameter or an unknown one fails the type check.
 *
 * @example
 * pathTo('Incoming') // '/cabinet/incoming'
 * pathTo('Document', { id: 5 }) // '/cabinet/document/5'
 * pathTo('Folder') // '/cabinet/folder'; pathTo('Folder', { id: 7 }) // '/cabinet/folder/7'
 */
export function pathTo<Name extends PathName>(name: Name, ...args: PathArgs<Name>): string {
  const params: Partial<Record<string, PathParamValue>> = args[0] ?? {};
  const segments = ROUTE_PATHS[name].split('/').flatMap((segment) => {
    if (!segment.startsWith(':')) return [segment];
    const optional = segment.endsWith('?');
    const key = segment.slice(1, optional ? -1 : undefined);
    const value = params[key];
    if (value !== undefined && value !== '') return [encodeURIComponent(String(value))];
    // Only reachable past the type check (e.g. an `as` cast or an empty string).
    if (!optional) throw new Error(`pathTo('${name}'): parameter '${key}' is missing`);
    return [];
  });
  return segments.join('/') || '/';
}

/**
 * A route's pattern relative to the pattern of the route it is nested in, as the route table needs it.
 * @example childPath(ROUTE_PATHS.Cabinet, 'EditDocument') // 'edit/:id'
 */
export function childPath(parent: string, name: PathName): string {
  const pattern: string = ROUTE_PATHS[name];
  const prefix = parent.endsWith('/') ? parent : `${parent}/`;
  if (!pattern.startsWith(prefix)) throw new Error(`Route ${name} (${pattern}) is not below ${parent}`);
  return pattern.slice(prefix.length);
}

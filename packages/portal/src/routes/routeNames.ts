/** Every named route of the portal. Names are stable: later screens, tests and guards refer to them. */
export const ROUTE_NAMES = {
  Main: 'main',
  DocumentByHash: 'DocumentByHash',
  SigningLink: 'SigningLink',
  ApprovalLink: 'ApprovalLink',
  Embed: 'Embed',
  Tariffs: 'Tariffs',
  Check: 'Check',
  Help: 'Help',
  CheckFile: 'CheckFile',
  NotFound: 'NotFound',
  Cabinet: 'Cabinet',
  CabinetIndex: 'CabinetIndex',
  Incoming: 'Incoming',
  IncomingDoc: 'IncomingDoc',
  Outgoing: 'Outgoing',
  OutgoingDoc: 'OutgoingDoc',
  CreateDocument: 'CreateDocument',
  EditDocument: 'EditDocument',
  Document: 'Document',
  Drafts: 'Drafts',
  DraftDoc: 'DraftDoc',
  Trash: 'Trash',
  TrashDoc: 'TrashDoc',
  CabinetTariffs: 'CabinetTariffs',
  CabinetMain: 'CabinetMain',
  Services: 'Services',
  Notification: 'Notification',
  CopyDocument: 'CopyDocument',
  Folder: 'Folder',
  Counterparty: 'Counterparty',
  Payments: 'Payments',
  Profile: 'Profile',
  OnboardingStart: 'OnboardingStart',
  AddCompany: 'AddCompany',
  AttachCompany: 'AttachCompany',
  ApiKeys: 'ApiKeys',
  SupportInbox: 'SupportInbox',
  CabinetNotFound: 'CabinetNotFound',
} as const;

/** A portal route name (a value of {@link ROUTE_NAMES}). */
export type RouteName = (typeof ROUTE_NAMES)[keyof typeof ROUTE_NAMES];

/**
 * The document-editing screens (SPEC section 2: DraftDoc, EditDocument, CopyDocument) and the creation screen
 * ("the company cannot be changed at the creation stage"): the company context cannot change while one is open.
 */
const COMPANY_SWITCH_LOCKED: ReadonlySet<RouteName> = new Set([
  ROUTE_NAMES.CreateDocument,
  ROUTE_NAMES.DraftDoc,
  ROUTE_NAMES.EditDocument,
  ROUTE_NAMES.CopyDocument,
]);

/** Cabinet screens a signed-in user without any company may open; every other one sends them to onboarding. */
const OPEN_WITHOUT_COMPANY: ReadonlySet<RouteName> = new Set([
  ROUTE_NAMES.OnboardingStart,
  ROUTE_NAMES.AddCompany,
  ROUTE_NAMES.AttachCompany,
  ROUTE_NAMES.Profile,
  // Operators need no company of their own to answer the support chat.
  ROUTE_NAMES.SupportInbox,
]);

/**
 * Whether the cabinet route can be shown to a user who has no company context yet.
 * @example isOpenWithoutCompany('AttachCompany') // true
 */
export function isOpenWithoutCompany(routeName: RouteName | undefined): boolean {
  return routeName !== undefined && OPEN_WITHOUT_COMPANY.has(routeName);
}

/**
 * Whether switching the company context must be blocked on the given route.
 * @example isCompanySwitchLocked('EditDocument') // true
 */
export function isCompanySwitchLocked(routeName: RouteName | undefined): boolean {
  return routeName !== undefined && COMPANY_SWITCH_LOCKED.has(routeName);
}

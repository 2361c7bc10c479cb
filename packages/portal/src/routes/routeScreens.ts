import type { ComponentType } from 'react';
import type { RouteName } from './routeNames';

/** A screen module: its default export is the screen component. */
export interface ScreenModule {
  default: ComponentType;
}

/** Loads a screen module on demand, so each screen is its own chunk. */
export type LazyScreen = () => Promise<ScreenModule>;

const listScreen: LazyScreen = () => import('../screens/cabinet/DocumentListScreen');
const documentScreen: LazyScreen = () => import('../screens/cabinet/DocumentScreen');
const editorScreen: LazyScreen = () => import('../screens/cabinet/DocumentEditorScreen');
const tariffsScreen: LazyScreen = () => import('../screens/public/TariffsScreen');
const checkScreen: LazyScreen = () => import('../screens/public/CheckScreen');

/**
 * The screen of every route (the cabinet index only redirects). Kept apart from the route table: screens
 * read the table (`useCurrentRoute`), and only `createPortalRoutes` imports this mapping.
 */
export const ROUTE_SCREENS: Readonly<Record<Exclude<RouteName, 'CabinetIndex'>, LazyScreen>> = {
  main: () => import('../screens/public/LandingScreen'),
  DocumentByHash: () => import('../screens/public/DocumentByHashScreen'),
  SigningLink: () => import('../screens/public/SigningLinkScreen'),
  ApprovalLink: () => import('../screens/public/ApprovalLinkScreen'),
  Embed: () => import('../screens/embed/EmbedScreen'),
  Tariffs: tariffsScreen,
  Check: checkScreen,
  CheckFile: checkScreen,
  Help: () => import('../screens/public/help/HelpScreen'),
  NotFound: () => import('../screens/public/NotFoundScreen'),
  Cabinet: () => import('../cabinet/CabinetLayout'),
  Incoming: listScreen,
  IncomingDoc: documentScreen,
  Outgoing: listScreen,
  OutgoingDoc: documentScreen,
  CreateDocument: editorScreen,
  EditDocument: editorScreen,
  Document: documentScreen,
  Drafts: listScreen,
  DraftDoc: editorScreen,
  Trash: listScreen,
  TrashDoc: documentScreen,
  CabinetTariffs: tariffsScreen,
  CabinetMain: () => import('../screens/cabinet/MobileMainScreen'),
  Services: () => import('../screens/cabinet/ServicesScreen'),
  Notification: () => import('../screens/cabinet/NotificationsScreen'),
  CopyDocument: editorScreen,
  Folder: () => import('../screens/cabinet/FolderScreen'),
  Counterparty: () => import('../screens/cabinet/CounterpartyScreen'),
  Payments: () => import('../screens/cabinet/PaymentsScreen'),
  Profile: () => import('../screens/cabinet/ProfileScreen'),
  OnboardingStart: () => import('../screens/onboarding/OnboardingStartScreen'),
  AddCompany: () => import('../screens/onboarding/AddCompanyScreen'),
  AttachCompany: () => import('../screens/onboarding/AttachCompanyScreen'),
  ApiKeys: () => import('../screens/cabinet/ApiKeysScreen'),
  SupportInbox: () => import('../screens/cabinet/SupportInboxScreen'),
  CabinetNotFound: () => import('../screens/cabinet/CabinetNotFoundScreen'),
};

/** The screen loader of a route entry; undefined for the cabinet index redirect. */
export function screenOf(name: RouteName): LazyScreen | undefined {
  return name === 'CabinetIndex' ? undefined : ROUTE_SCREENS[name];
}

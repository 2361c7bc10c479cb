import { accountSteps } from './steps/accounts';
import { documentSteps } from './steps/documents';
import { errorParamSteps } from './steps/error-params';
import { folderAndCounterpartySteps } from './steps/folders-counterparties';
import { partnerSteps } from './steps/partner';
import { signingSteps } from './steps/signing';
import { supportSteps } from './steps/support';
import { transportSteps } from './steps/transport';
import { verificationSteps } from './steps/verification';
import type { Step } from './table-support';

export type { Context, Expectation, Step, TableRequest, User } from './table-support';

/**
 * The shared table: success and refusal cases of login, companies, documents (create, list, get, update,
 * send, copy, trash, restore, files), folders and counterparties, validation errors and access (404 for a
 * document of another company, 403 for a company of someone else), the support chat, and refusals whose texts
 * carry values (params, Retry-After). Steps run in order; each side keeps its
 * own ids. Setup (users, companies) goes through the same API on both sides.
 */
export const TABLE: readonly Step[] = [
  ...accountSteps,
  ...documentSteps,
  ...folderAndCounterpartySteps,
  ...signingSteps,
  ...verificationSteps,
  ...transportSteps,
  ...partnerSteps,
  ...supportSteps,
  ...errorParamSteps,
];

import {
  companyParamsSchema,
  counterpartyInputSchema,
  counterpartyListQuerySchema,
  counterpartyParamsSchema,
  counterpartySchema,
  DOCUMENT_PATHS,
} from '@qoltanba/core';
import { z } from 'zod';
import { defineRoute } from '../../http/route.js';
import type { AppModule } from '../module.js';
import { requireCompanyUser } from '../registry/index.js';
import {
  createCounterparty,
  deleteCounterparty,
  listCounterparties,
  updateCounterparty,
} from './counterparty-store.js';

const TAGS = ['counterparties'];

/**
 * A company's address book of counterparties (BIN/IIN, names, e-mails), unique by BIN/IIN within the company.
 * Every route needs a member of `:bin` (401 / 403); an entry of another company answers COUNTERPARTY_NOT_FOUND
 * like a missing one. The add form looks names up with the registry's `registryLookup` route.
 */
export const counterpartiesModule: AppModule = {
  name: 'counterparties',
  register({ route, services, config }) {
    const { db } = services.database;
    const { clock } = services;
    const inputSchema = counterpartyInputSchema({ testMode: config.identityTestMode });

    route(
      defineRoute({
        method: 'GET',
        url: DOCUMENT_PATHS.counterparties,
        operationId: 'listCounterparties',
        summary: "The company's counterparties by name; `q` searches names and BIN/IIN",
        tags: TAGS,
        auth: true,
        params: companyParamsSchema,
        query: counterpartyListQuerySchema,
        response: z.array(counterpartySchema),
        handler: async ({ request, params, query }) => {
          await requireCompanyUser(request, db, params.bin);
          return listCounterparties(db, params.bin, query.q);
        },
      }),
    );

    route(
      defineRoute({
        method: 'POST',
        url: DOCUMENT_PATHS.counterparties,
        operationId: 'createCounterparty',
        summary: 'Add a counterparty',
        description: 'COUNTERPARTY_EXISTS when the company already has an entry with this BIN/IIN.',
        tags: TAGS,
        auth: true,
        params: companyParamsSchema,
        body: inputSchema,
        response: counterpartySchema,
        status: 201,
        handler: async ({ request, params, body }) => {
          await requireCompanyUser(request, db, params.bin);
          return createCounterparty(db, params.bin, body, clock());
        },
      }),
    );

    route(
      defineRoute({
        method: 'PUT',
        url: DOCUMENT_PATHS.counterparty,
        operationId: 'updateCounterparty',
        summary: 'Replace a counterparty',
        description: 'COUNTERPARTY_EXISTS when another entry of the company has the new BIN/IIN.',
        tags: TAGS,
        auth: true,
        params: counterpartyParamsSchema,
        body: inputSchema,
        response: counterpartySchema,
        handler: async ({ request, params, body }) => {
          await requireCompanyUser(request, db, params.bin);
          return updateCounterparty(db, params.bin, params.counterpartyId, body, clock());
        },
      }),
    );

    route(
      defineRoute({
        method: 'DELETE',
        url: DOCUMENT_PATHS.counterparty,
        operationId: 'deleteCounterparty',
        summary: 'Delete a counterparty',
        tags: TAGS,
        auth: true,
        params: counterpartyParamsSchema,
        response: z.undefined(),
        status: 204,
        handler: async ({ request, params }) => {
          await requireCompanyUser(request, db, params.bin);
          await deleteCounterparty(db, params.bin, params.counterpartyId);
          return undefined;
        },
      }),
    );
  },
};

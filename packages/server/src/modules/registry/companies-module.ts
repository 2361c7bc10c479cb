import {
  AppError,
  attachByIinConfirmRequestSchema,
  attachByIinRequestSchema,
  codeSentSchema,
  companySchema,
  normalizeKzPhone,
  PROFILE_PATHS,
  type RegistryEntry,
  registryEntrySchema,
  validateIdentityNumber,
} from '@qoltanba/core';
import { z } from 'zod';
import type { Config } from '../../config/config.js';
import { defineRoute } from '../../http/route.js';
import { clientSource, codeServiceFor, requireUser } from '../account/index.js';
import type { AppModule } from '../module.js';
import { attachCompany, companyExists, listCompanies, setMainCompany } from './company-store.js';
import { createFixturePhoneRegistry, createFixtureStatisticsRegister } from './fixture-registers.js';
import type { PhoneRegistry, StatisticsRegister } from './registers.js';
import { createStatGovRegister } from './stat-gov-register.js';

/** Registers to use instead of the configured ones (tests, other deployments). */
export interface CompaniesModuleOptions {
  statisticsRegister?: StatisticsRegister;
  phoneRegistry?: PhoneRegistry;
}

const identityParams = z.object({
  identityNumber: z.string().regex(/^\d{12}$/, { error: 'IDENTITY_NUMBER_INVALID' }),
});
const binParams = z.object({ bin: z.string().regex(/^\d{12}$/, { error: 'IDENTITY_NUMBER_INVALID' }) });

/** The statistics register of the configuration: the public HTTP one when its URL is set, else the fixture. */
export function configuredStatisticsRegister(config: Pick<Config, 'statRegisterUrl'>): StatisticsRegister {
  return config.statRegisterUrl
    ? createStatGovRegister({ baseUrl: config.statRegisterUrl })
    : createFixtureStatisticsRegister();
}

/**
 * The company context: the user's companies and main company, attaching an individual or sole proprietor
 * by IIN (SMS code to the phone the state database links to that IIN), and register lookups. The
 * statistics register is the public HTTP one when QOLTANBA_STAT_REGISTER_URL is set, else the local
 * fixture; the phone registry is the local fixture.
 */
export function createCompaniesModule(options: CompaniesModuleOptions = {}): AppModule {
  return {
    name: 'companies',
    register(context) {
      const { route, services, config } = context;
      const { db } = services.database;
      const { clock } = services;
      const statistics = options.statisticsRegister ?? configuredStatisticsRegister(config);
      const phones = options.phoneRegistry ?? createFixturePhoneRegistry();
      const codes = codeServiceFor(context);
      const identityOptions = { testMode: config.identityTestMode };

      /** The register record of an IIN that may be attached: a person's number, not a legal entity. */
      async function attachableEntry(iin: string): Promise<RegistryEntry> {
        const validation = validateIdentityNumber(iin, identityOptions);
        if (!validation.ok) throw new AppError('IDENTITY_NUMBER_INVALID');
        if (validation.kind === 'BIN') throw new AppError('ATTACH_BY_IIN_ONLY_INDIVIDUALS');
        const entry = await statistics.lookup(iin);
        if (!entry) throw new AppError('IIN_NOT_IN_REGISTER');
        if (entry.kind === 'legal') throw new AppError('ATTACH_BY_IIN_ONLY_INDIVIDUALS');
        return entry;
      }

      /** The caller's phone when it is the one linked to the IIN, else PHONE_MISMATCH. */
      async function linkedPhone(iin: string, phoneNumber: string): Promise<string> {
        const phone = normalizeKzPhone(phoneNumber);
        const linked = await phones.phoneForIin(iin);
        if (!phone || !linked || linked !== phone) throw new AppError('PHONE_MISMATCH');
        return phone;
      }

      route(
        defineRoute({
          method: 'GET',
          url: PROFILE_PATHS.companies,
          operationId: 'listCompanies',
          summary: "The user's companies, including their attached individual profile",
          tags: ['companies'],
          auth: true,
          response: z.array(companySchema),
          handler: async ({ request }) => listCompanies(db, (await requireUser(request)).userId),
        }),
      );

      route(
        defineRoute({
          method: 'PUT',
          url: PROFILE_PATHS.mainCompany,
          operationId: 'setMainCompany',
          summary: "Mark one of the user's companies as main; answers the whole list",
          description: 'FORBIDDEN for a company of someone else, ENTITY_NOT_FOUND for an unknown number.',
          tags: ['companies'],
          auth: true,
          params: binParams,
          response: z.array(companySchema),
          handler: async ({ request, params }) => {
            const { userId } = await requireUser(request);
            if (!(await setMainCompany(db, userId, params.bin))) {
              throw new AppError((await companyExists(db, params.bin)) ? 'FORBIDDEN' : 'ENTITY_NOT_FOUND');
            }
            return listCompanies(db, userId);
          },
        }),
      );

      route(
        defineRoute({
          method: 'POST',
          url: PROFILE_PATHS.attachByIin,
          operationId: 'attachByIin',
          summary: 'Start attaching an individual or sole proprietor by IIN: SMS code to the linked phone',
          description:
            'ATTACH_BY_IIN_ONLY_INDIVIDUALS for a legal entity, IIN_NOT_IN_REGISTER when the register does not ' +
            'know the number, PHONE_MISMATCH when the phone is not the one linked to the IIN.',
          tags: ['companies'],
          auth: true,
          body: attachByIinRequestSchema,
          response: codeSentSchema,
          handler: async ({ request, body }) => {
            const { userId } = await requireUser(request);
            await attachableEntry(body.iin);
            const phone = await linkedPhone(body.iin, body.phoneNumber);
            return codes.issue(
              { purpose: 'attach', channel: 'sms', target: phone, subject: `${userId}:${body.iin}` },
              body.lang,
              clientSource(request.ip),
            );
          },
        }),
      );

      route(
        defineRoute({
          method: 'POST',
          url: PROFILE_PATHS.attachByIinConfirm,
          operationId: 'confirmAttachByIin',
          summary: 'Confirm attaching by IIN with the SMS code; answers the whole list',
          tags: ['companies'],
          auth: true,
          body: attachByIinConfirmRequestSchema,
          response: z.array(companySchema),
          handler: async ({ request, body }) => {
            const { userId } = await requireUser(request);
            const phone = await linkedPhone(body.iin, body.phoneNumber);
            await codes.verify(
              { purpose: 'attach', target: phone, subject: `${userId}:${body.iin}` },
              body.code,
              clientSource(request.ip),
            );
            await attachCompany(db, userId, await attachableEntry(body.iin), clock());
            return listCompanies(db, userId);
          },
        }),
      );

      route(
        defineRoute({
          method: 'GET',
          url: PROFILE_PATHS.registryLookup,
          operationId: 'lookupRegistry',
          summary: "The statistics register's record of a BIN or IIN",
          description: '404 IIN_NOT_IN_REGISTER when the register does not know the number.',
          tags: ['companies'],
          auth: true,
          params: identityParams,
          response: registryEntrySchema,
          handler: async ({ params }) => {
            if (!validateIdentityNumber(params.identityNumber, identityOptions).ok) {
              throw new AppError('IDENTITY_NUMBER_INVALID');
            }
            const entry = await statistics.lookup(params.identityNumber);
            // A lookup of a resource that is not there: 404 (attach keeps the catalogue's 400).
            if (!entry) throw new AppError('IIN_NOT_IN_REGISTER', undefined, { status: 404 });
            return entry;
          },
        }),
      );
    },
  };
}

/** The companies module with the configured registers. */
export const companiesModule: AppModule = createCompaniesModule();

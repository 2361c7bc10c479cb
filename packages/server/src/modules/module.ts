import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/config.js';
import type { AnyRouteDefinition } from '../http/route.js';
import type { AppServices } from '../services.js';
import type { ModuleHooks } from './module-hooks.js';

/** What a domain module gets when it registers: services and a way to add routes. */
export interface ModuleContext {
  /** Raw Fastify, for what the route helper does not cover (content-type parsers, hooks). */
  app: FastifyInstance;
  config: Config;
  services: AppServices;
  /** Registers a route (validated, rate-limited, listed in OpenAPI). */
  route(definition: AnyRouteDefinition): void;
  /** Every route registered so far (OpenAPI uses it at request time, so it sees later routes too). */
  routes(): readonly AnyRouteDefinition[];
  /** Extension points between modules (one module runs a hook, others listen); see `module-hooks.ts`. */
  hooks: ModuleHooks;
}

/** A domain module (health, dev-outbox; accounts, documents, ... later): owns its tables and routes. */
export interface AppModule {
  name: string;
  /** Skipped when this answers false (e.g. dev-only modules in production). */
  enabled?(config: Config): boolean;
  register(context: ModuleContext): void | Promise<void>;
}

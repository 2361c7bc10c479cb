/** The OpenAPI module's front door: the only file other modules and app wiring import. */

export { openApiModule } from './openapi-module.js';

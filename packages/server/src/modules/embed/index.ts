/** The embed module's front door (embed tokens and sessions): the only file other modules and app wiring import. */

export { embedModule } from './embed-module.js';
export { deleteEndedEmbeds, issueEmbedToken } from './embed-store.js';

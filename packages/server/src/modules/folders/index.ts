/** The folders module's front door: the only file other modules and app wiring import. */

export { folderExists, foldersModule } from './folders-module.js';

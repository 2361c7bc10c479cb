// File names are core's (one implementation for the server and the sdk's fake); this keeps the module's old
// import path working while the server's modules get their front doors.
export {
  contentDisposition,
  isUnsafeCharacter,
  safeFileName,
  sanitizeFileName,
  withoutUnsafeCharacters,
} from '@qoltanba/core';

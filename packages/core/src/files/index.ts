export {
  contentDisposition,
  isUnsafeCharacter,
  safeFileName,
  sanitizeFileName,
  withoutUnsafeCharacters,
} from './file-name';

export {
  createExternalLink,
  downloadExternalFile,
  externalLinkToken,
  getExternalDocument,
  listExternalLinks,
  previewExternalFile,
  revokeExternalLink,
} from './externalLinksApi';
export {
  createExternalLinksStore,
  type ExternalLinksState,
  type ExternalLinksStore,
} from './externalLinksStore';

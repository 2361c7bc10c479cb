export {
  DocumentCard,
  type DocumentCardAction,
  type DocumentCardProps,
  documentCardActions,
} from './DocumentCard';

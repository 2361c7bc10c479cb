export { DocumentsTable, type DocumentsTableProps } from './DocumentsTable';

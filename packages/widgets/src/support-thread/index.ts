export { SupportThread, type SupportThreadProps } from './SupportThread';

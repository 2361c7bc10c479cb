export { SignPanel, type SignPanelActions, type SignPanelProps } from './SignPanel';

export { RejectDialog, type RejectDialogProps, rejectReasonProblem } from './RejectDialog';
export { RevokeDialog, type RevokeDialogProps } from './RevokeDialog';

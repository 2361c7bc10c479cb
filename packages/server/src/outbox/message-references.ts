/**
 * The reference of the e-mail that carries a signer's personal link: the signing module queues it, the documents
 * module shows the sender whether it went out. One per signer of a document; a resend queues another.
 */
export function signingLinkReference(documentId: number, identityNumber: string): string {
  return `signing-link:${documentId}:${identityNumber}`;
}

/** The reference of the e-mail that carries an approver's personal link for one signer of a document. */
export function approvalLinkReference(documentId: number, identityNumber: string): string {
  return `approval-link:${documentId}:${identityNumber}`;
}

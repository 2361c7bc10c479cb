/**
 * Payments registered by hand although the invoice had a payment of the same amount from a bank statement (issue 20):
 * the operator confirmed it is other money; the payment keeps which statement payment that was.
 */
export const id = '0029_payment_duplicate_confirmations';

export const sql = /* sql */ `
alter table billing_payments add column confirmed_duplicate_of integer references billing_payments (id);
`;

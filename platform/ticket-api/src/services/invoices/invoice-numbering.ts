// Invoice numbers: gapless and never shared within a network (decision 0020). The network's counter
// row is raised inside the order's transaction (issue-invoice.ts) and stays locked until it ends, so
// concurrent orders take the next numbers one after the other, and an order that rolls back gives
// its number back with the rest of its work. A number is `<prefix>-<sequence on 6 digits>`; a
// longer sequence keeps all its digits.

/** Digits of the sequence in an invoice number, at least. */
export const INVOICE_SEQUENCE_DIGITS = 6;

-- An order's mails are owed, not rendered, in the statement that makes the order binding (issue 29,
-- docs/decisions.md "2026-11-27 — An order's mails rendered by the outbox worker"): the order's
-- statement inserts one small row here; the outbox worker claims a batch of rows (claimed_by,
-- claimed_until: a lease, as the outbox claims its rows), renders the guest's confirmation and the
-- restaurant's mail from the orders and, in one statement, deletes the rows, counts the guests' mail
-- limit and queues the mails in outbox_mails (server/orders/owedMails.ts).
-- `status`, `payment_status`: the order's state the mails show (as it was when the order became
-- binding; staff may move the order on before the worker renders). `refunds`: a table booking's
-- refunds (BookedRefund[]), null for other orders. A row the worker cannot render keeps
-- `failed_at` and `last_error` and is not claimed again (an operator looks at it).
-- No foreign key to orders: its check would be one more index look-up in every order's statement,
-- and the worker drops a row whose order is gone.
CREATE TABLE IF NOT EXISTS order_mails_owed (
  order_seq bigint PRIMARY KEY,
  status text NOT NULL,
  payment_status text NOT NULL,
  refunds jsonb,
  claimed_by text,
  claimed_until timestamptz,
  failed_at timestamptz,
  last_error text
);

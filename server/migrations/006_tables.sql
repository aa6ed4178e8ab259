-- Table service (orders at a table, waiter refunds, the table's bill): table orders are
-- orders with a table number; waiter refunds are rows that point at the refunded order line.

ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_delivery_type_check;
ALTER TABLE orders ADD CONSTRAINT orders_delivery_type_check CHECK (delivery_type IN ('delivery', 'pickup', 'dineIn'));
ALTER TABLE orders ADD COLUMN IF NOT EXISTS table_number integer CHECK (table_number IS NULL OR table_number >= 1);
-- 'Tischbestell-Historie löschen' hides the table's orders from then on (they stay stored)
ALTER TABLE orders ADD COLUMN IF NOT EXISTS table_cleared_at timestamptz;
-- placed in waiter mode (pay later by the waiter, refunds)
ALTER TABLE orders ADD COLUMN IF NOT EXISTS by_waiter boolean NOT NULL DEFAULT false;
CREATE INDEX IF NOT EXISTS orders_table ON orders (shop_id, table_number) WHERE table_number IS NOT NULL;

-- What has been refunded of a line so far, in cents. The database itself refuses a refund beyond
-- what was paid for the line: concurrent waiters serialise on the row and the CHECK holds.
ALTER TABLE order_lines ADD COLUMN IF NOT EXISTS refunded integer NOT NULL DEFAULT 0;
ALTER TABLE order_lines DROP CONSTRAINT IF EXISTS order_lines_refund_within_total;
ALTER TABLE order_lines ADD CONSTRAINT order_lines_refund_within_total CHECK (refunded >= 0 AND refunded <= GREATEST(total, 0));

CREATE TABLE IF NOT EXISTS table_refunds (
  id bigserial PRIMARY KEY,
  shop_id text NOT NULL,
  table_number integer NOT NULL,
  refund_order_seq bigint NOT NULL REFERENCES orders (seq) ON DELETE CASCADE, -- the waiter's booking that carried it
  item_order_seq bigint NOT NULL,                                             -- the refunded line
  item_position integer NOT NULL,
  amount integer NOT NULL CHECK (amount > 0),                                  -- cents (the refund line's price × -1)
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (item_order_seq, item_position) REFERENCES order_lines (order_seq, position) ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS table_refunds_item ON table_refunds (item_order_seq, item_position);

-- Waiter sessions (cookie): a random token, stored hashed, valid until the end of the shop's day.
CREATE TABLE IF NOT EXISTS waiter_sessions (
  token_hash text PRIMARY KEY,
  shop_id text NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS waiter_sessions_expiry ON waiter_sessions (expires_at);

-- Failed waiter logins per shop and client (a password is guessed slowly or not at all).
CREATE TABLE IF NOT EXISTS waiter_login_failures (
  shop_id text NOT NULL,
  client text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS waiter_login_failures_recent ON waiter_login_failures (shop_id, client, at);

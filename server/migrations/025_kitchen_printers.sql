-- Kitchen tickets on Star CloudPRNT printers: a printer of a shop polls with a secret URL (only
-- the sha-256 of its token is stored; the owner revokes it, rows are never deleted), and the jobs
-- it was given. Automatic jobs (one per printer and order: on accept or on arrival, as the owner
-- set the printer) are added when the printer polls; 'Bon drucken' adds a manual one.

CREATE TABLE IF NOT EXISTS cloudprnt_printers (
  id text PRIMARY KEY,                       -- random, shown in the staff app
  shop_id text NOT NULL,
  label text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  prints_on text NOT NULL CHECK (prints_on IN ('accept', 'arrival')),
  created_at timestamptz NOT NULL,
  revoked_at timestamptz,
  last_poll_at timestamptz,
  last_status text
);
CREATE INDEX IF NOT EXISTS cloudprnt_printers_shop ON cloudprnt_printers (shop_id);

CREATE TABLE IF NOT EXISTS cloudprnt_jobs (
  id bigserial PRIMARY KEY,                  -- the protocol's jobToken is 'j' || id
  printer_id text NOT NULL REFERENCES cloudprnt_printers (id) ON DELETE CASCADE,
  order_seq bigint NOT NULL REFERENCES orders (seq) ON DELETE CASCADE,
  auto boolean NOT NULL,
  created_at timestamptz NOT NULL,
  printed_at timestamptz,
  -- given up after too many failed prints (the staff app shows it)
  failed_at timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  last_code text
);
CREATE UNIQUE INDEX IF NOT EXISTS cloudprnt_jobs_auto ON cloudprnt_jobs (printer_id, order_seq) WHERE auto;
CREATE INDEX IF NOT EXISTS cloudprnt_jobs_open ON cloudprnt_jobs (printer_id, id) WHERE printed_at IS NULL AND failed_at IS NULL;
CREATE INDEX IF NOT EXISTS orders_shop_day ON orders (shop_id, day) WHERE inbox_at IS NOT NULL;

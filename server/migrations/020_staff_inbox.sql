-- The restaurant's order inbox (issue 26): staff accounts and sessions, POS API keys, the short
-- order number per shop and day, and what the staff decided about an order (accepted with a
-- ready time, refused with a reason and a refund).

CREATE TABLE IF NOT EXISTS staff_users (
  id text PRIMARY KEY,                       -- random
  shop_id text NOT NULL,
  email text NOT NULL,                       -- lower-case
  name text NOT NULL,
  role text NOT NULL CHECK (role IN ('owner', 'staff')),
  password text NOT NULL,                    -- 'scrypt$N$r$p$salt$hash' (base64url)
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (shop_id, email)
);

-- Sessions: only the sha-256 of the cookie's token is stored.
CREATE TABLE IF NOT EXISTS staff_sessions (
  token_hash text PRIMARY KEY,
  staff_id text NOT NULL REFERENCES staff_users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS staff_sessions_expiry ON staff_sessions (expires_at);

-- A POS system's key: shown once, stored as its sha-256, revoked (never deleted) by the owner.
CREATE TABLE IF NOT EXISTS shop_api_keys (
  id text PRIMARY KEY,
  shop_id text NOT NULL,
  key_hash text NOT NULL UNIQUE,
  label text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);

-- 'Nr. 42': one counter row per shop and day (the shop's time zone), incremented in the order's
-- transaction (the row lock serialises concurrent orders of one shop).
CREATE TABLE IF NOT EXISTS order_day_numbers (
  shop_id text NOT NULL,
  day date NOT NULL,
  last integer NOT NULL,
  PRIMARY KEY (shop_id, day)
);

ALTER TABLE orders ADD COLUMN IF NOT EXISTS day_number integer;
ALTER TABLE orders ADD COLUMN IF NOT EXISTS day date;
-- when the order reached the inbox (cash: placed; online: paid); null = not (yet) for the kitchen
ALTER TABLE orders ADD COLUMN IF NOT EXISTS inbox_at timestamptz;
ALTER TABLE orders ADD COLUMN IF NOT EXISTS acknowledged_at timestamptz;
ALTER TABLE orders ADD COLUMN IF NOT EXISTS accepted_at timestamptz;
-- the time the guest is told ('Voraussichtlich fertig um 19:45')
ALTER TABLE orders ADD COLUMN IF NOT EXISTS ready_at timestamptz;
ALTER TABLE orders ADD COLUMN IF NOT EXISTS refused_at timestamptz;
ALTER TABLE orders ADD COLUMN IF NOT EXISTS refuse_reason text;
-- null = nothing to refund; 'pending' (claimed), 'refunded', 'failed' (retried by hand)
ALTER TABLE orders ADD COLUMN IF NOT EXISTS refund_status text CHECK (refund_status IS NULL OR refund_status IN ('pending', 'refunded', 'failed'));
ALTER TABLE orders ADD COLUMN IF NOT EXISTS refund_ref text;
CREATE INDEX IF NOT EXISTS orders_inbox ON orders (shop_id, inbox_at) WHERE inbox_at IS NOT NULL;

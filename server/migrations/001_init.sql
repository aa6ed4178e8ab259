-- Coupons (mutable: reservations, validity) live in the database; shop data is served from memory.
CREATE TABLE IF NOT EXISTS coupons (
  shop_id text NOT NULL,
  code text NOT NULL,            -- stored upper case; lookups are case-insensitive
  type text NOT NULL CHECK (type IN ('percent', 'value')),
  value integer NOT NULL CHECK (value >= 0),   -- percent, or cents for type 'value'
  minimum_order_value integer NOT NULL DEFAULT 0, -- cents
  valid_from timestamptz,
  valid_until timestamptz,
  reserved_phone text,           -- normalised (0170…); null = not reserved
  PRIMARY KEY (shop_id, code)
);
CREATE INDEX IF NOT EXISTS coupons_reserved_phone ON coupons (shop_id, reserved_phone);

CREATE TABLE IF NOT EXISTS events (
  id bigserial PRIMARY KEY,
  type text NOT NULL,
  action text NOT NULL,
  context jsonb,
  session_id text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS tracking_visits (
  id text PRIMARY KEY,
  restaurant_id text,
  session_id text,
  data jsonb NOT NULL,
  pings integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS tracking_events (
  id bigserial PRIMARY KEY,
  event text NOT NULL,
  restaurant_id text,
  session_id text,
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

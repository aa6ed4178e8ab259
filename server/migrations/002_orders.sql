-- Orders, their lines, payments, coupon redemptions, the mail outbox and the webhook queue.
-- Nothing about an order lives in process memory: two server processes on one PostgreSQL share it all.

-- Coupons may be limited: max_uses NULL = unlimited, 1 = single use. uses counts redemptions.
ALTER TABLE coupons ADD COLUMN IF NOT EXISTS max_uses integer CHECK (max_uses IS NULL OR max_uses >= 1);
ALTER TABLE coupons ADD COLUMN IF NOT EXISTS uses integer NOT NULL DEFAULT 0 CHECK (uses >= 0);

CREATE TABLE IF NOT EXISTS orders (
  seq bigserial PRIMARY KEY,                 -- internal only, never sent to a client
  id text NOT NULL UNIQUE,                   -- public, random (not guessable)
  shop_id text NOT NULL,
  idempotency_key text NOT NULL,             -- one per checkout attempt
  request_hash text NOT NULL,                -- sha256 of the submission: same key + other body = 409
  status text NOT NULL DEFAULT 'received' CHECK (status IN
    ('received', 'confirmed', 'in_preparation', 'on_the_way', 'ready_for_pickup', 'delivered', 'picked_up', 'cancelled')),
  payment_method text NOT NULL,
  payment_status text NOT NULL DEFAULT 'open' CHECK (payment_status IN
    ('open', 'pending', 'paid', 'failed', 'cancelled', 'on_delivery')),
  payment_provider text,                     -- 'simulated', 'stripe', 'paypal', 'amazonpay', 'heidelpay'; null = offline
  payment_ref text,                          -- the provider's session / order id
  delivery_type text NOT NULL CHECK (delivery_type IN ('delivery', 'pickup')),
  serve_at text,                             -- 'HH:MM' or null = as soon as possible
  customer jsonb NOT NULL,                   -- the form values (name, address, e-mail, phone, messages)
  coupon_code text,
  subtotal integer NOT NULL,                 -- cents before discounts; all money from priceOrder on the server's catalog
                                             -- total = subtotal - discount - coupon_amount + deposit + delivery_fee
  discount integer NOT NULL,
  coupon_amount integer NOT NULL,
  deposit integer NOT NULL,
  delivery_fee integer NOT NULL,
  total integer NOT NULL CHECK (total >= 0),
  pricing jsonb NOT NULL,                    -- the breakdown's sums, for support
  session_id text,
  user_id text,
  accept_advertising boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (shop_id, idempotency_key)
);
CREATE INDEX IF NOT EXISTS orders_payment_ref ON orders (payment_provider, payment_ref);

CREATE TABLE IF NOT EXISTS order_lines (
  order_seq bigint NOT NULL REFERENCES orders (seq) ON DELETE CASCADE,
  position integer NOT NULL,
  kind text NOT NULL CHECK (kind IN ('dish', 'menu', 'free')),
  item_id text NOT NULL,                     -- dish or menu id
  size_id text,
  name text NOT NULL,
  amount integer NOT NULL CHECK (amount >= 1),
  unit_price integer NOT NULL,               -- cents after item discount
  total integer NOT NULL,                    -- what the guest pays for the line (after two-for-one)
  extras jsonb NOT NULL DEFAULT '[]',
  item jsonb NOT NULL,                       -- the cart line as restored from the catalog
  PRIMARY KEY (order_seq, position)
);

CREATE TABLE IF NOT EXISTS coupon_redemptions (
  shop_id text NOT NULL,
  code text NOT NULL,
  order_seq bigint NOT NULL REFERENCES orders (seq) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (shop_id, code, order_seq)
);

CREATE TABLE IF NOT EXISTS payment_events (
  id bigserial PRIMARY KEY,
  order_seq bigint NOT NULL REFERENCES orders (seq) ON DELETE CASCADE,
  provider text NOT NULL,
  event text NOT NULL,                       -- prepared, paid, failed, cancelled, declined, webhook:…
  external_id text,                          -- provider event id (webhooks are processed once)
  data jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX IF NOT EXISTS payment_events_external ON payment_events (provider, external_id) WHERE external_id IS NOT NULL;

-- Outgoing e-mail. Sent by a worker (SMTP_URL) or written to a folder; kept for the /outbox page.
CREATE TABLE IF NOT EXISTS outbox_mails (
  id bigserial PRIMARY KEY,
  dedupe_key text UNIQUE,                    -- e.g. 'order-confirmed:{orderId}': one mail per event
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS outbox_mails_due ON outbox_mails (status, next_attempt_at);

-- Signed POSTs to a shop's webhook URL, retried with backoff.
CREATE TABLE IF NOT EXISTS webhook_deliveries (
  id bigserial PRIMARY KEY,
  dedupe_key text UNIQUE,
  shop_id text NOT NULL,
  url text NOT NULL,
  event text NOT NULL,
  body text NOT NULL,                        -- the exact bytes that are signed and sent
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  delivered_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS webhook_deliveries_due ON webhook_deliveries (status, next_attempt_at);

-- The shop's pages that write: table reservations, dish ratings, unsubscriptions, job
-- applications, coupon activation from e-mails and coupon reservation by driver code.

CREATE TABLE IF NOT EXISTS reservations (
  id text PRIMARY KEY,                       -- random, unguessable (the answer links carry it)
  shop_id text NOT NULL,
  date date NOT NULL,
  time text NOT NULL,                        -- 'HH:MM' shop time
  persons integer NOT NULL CHECK (persons BETWEEN 1 AND 50),
  name text NOT NULL,
  phone text NOT NULL,
  email text NOT NULL,
  message text,
  status text NOT NULL DEFAULT 'requested' CHECK (status IN ('requested', 'confirmed', 'declined')),
  answered_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS reservations_shop ON reservations (shop_id, date);

CREATE TABLE IF NOT EXISTS order_feedback (
  order_seq bigint PRIMARY KEY REFERENCES orders (seq) ON DELETE CASCADE,  -- once per order
  ratings jsonb NOT NULL,                    -- [{position, itemId, name, stars}]
  comment text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS email_unsubscribes (
  shop_id text NOT NULL,
  type text NOT NULL,
  email text NOT NULL,                       -- lower case
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (shop_id, type, email)
);

CREATE TABLE IF NOT EXISTS job_applications (
  id bigserial PRIMARY KEY,
  shop_id text NOT NULL,
  entry_id text NOT NULL,
  form jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Coupon e-mails: /reservieren/{emailid} activates the coupon the e-mail promised.
CREATE TABLE IF NOT EXISTS coupon_mails (
  email_id text PRIMARY KEY,
  shop_id text NOT NULL,
  code text NOT NULL,
  activated_at timestamptz
);

-- Coupons reserved from a driver's card (/f/{drivercode}): one per driver code and phone.
CREATE TABLE IF NOT EXISTS driver_code_reservations (
  shop_id text NOT NULL,
  driver_code text NOT NULL,
  phone text NOT NULL,
  coupon_code text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (shop_id, driver_code, phone)
);

-- Guest accounts (login by e-mail link): accounts, one-time login links, sessions.
-- Tokens are never stored: only their sha-256 (hex). An account belongs to one shop, or to a
-- franchise when the shop is part of one (scope 's:{shopId}' / 'f:{franchiseId}').

CREATE TABLE IF NOT EXISTS accounts (
  id text PRIMARY KEY,                       -- random, unguessable
  scope text NOT NULL,
  email text NOT NULL,                       -- lower case
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  birthday date,
  advertisement boolean NOT NULL DEFAULT false,
  address jsonb,                             -- name, street, streetNumber, floor, zip, city, phone, company
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (scope, email)
);

CREATE TABLE IF NOT EXISTS login_links (
  token_hash text PRIMARY KEY,               -- sha-256 of the link's token
  account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  shop_id text NOT NULL,                     -- the shop the link was asked for (bound to it)
  return_to text NOT NULL,                   -- checked URL the link leads back to
  expires_at timestamptz NOT NULL,           -- 15 minutes
  used_at timestamptz,                       -- single use
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS login_links_account ON login_links (account_id);

CREATE TABLE IF NOT EXISTS account_sessions (
  token_hash text PRIMARY KEY,               -- sha-256 of the bearer token
  account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS account_sessions_account ON account_sessions (account_id);

-- The account an order was placed with (from the bearer token, never from the body).
ALTER TABLE orders ADD COLUMN IF NOT EXISTS account_id text REFERENCES accounts (id) ON DELETE SET NULL;
CREATE INDEX IF NOT EXISTS orders_account ON orders (account_id);

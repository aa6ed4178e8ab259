-- Limits against abuse: counters that hold across server processes, the restaurant's
-- own answer token for reservations, and a bound on the coupons one driver code mints.

-- One row per (scope, key): a window that starts with its first hit and counts every hit in one
-- INSERT … ON CONFLICT DO UPDATE … RETURNING (concurrent hits serialise on the row: no lost counts).
-- Scopes: 'waiter-login' (key: shop + client), 'mail' (key: kind + recipient address, lower case).
CREATE TABLE IF NOT EXISTS rate_counters (
  scope text NOT NULL,
  key text NOT NULL,
  window_start timestamptz NOT NULL,
  count integer NOT NULL CHECK (count >= 0),
  PRIMARY KEY (scope, key)
);
CREATE INDEX IF NOT EXISTS rate_counters_window ON rate_counters (window_start);

-- waiter_login_failures (migration 006) is no longer written: its count was read before the check and
-- let concurrent guesses through. It stays until every process runs this version (a rolling update).

-- The confirm/decline links of the restaurant's mail carry this token (only its sha-256 is kept);
-- the id the guest gets back is never accepted for an answer. Older rows have none: not answerable by link.
ALTER TABLE reservations ADD COLUMN IF NOT EXISTS answer_token_hash text UNIQUE;

-- Coupons minted per driver code (bounded by the code's maxCoupons).
CREATE TABLE IF NOT EXISTS driver_code_counts (
  shop_id text NOT NULL,
  driver_code text NOT NULL,
  issued integer NOT NULL CHECK (issued >= 0),
  PRIMARY KEY (shop_id, driver_code)
);

-- Shared state in the database: outbox claims with a lease, leases for
-- timers that run once per installation, and per-shop secrets encrypted at rest.

-- The outbox worker claims a row (status 'sending', claimed_until = now + lease, claimed_by = a
-- token of this claim), commits, sends outside any transaction and records the result only where
-- claimed_by is still its token. A sender that died leaves 'sending' behind; once claimed_until
-- has passed another process claims the row again.
ALTER TABLE outbox_mails DROP CONSTRAINT IF EXISTS outbox_mails_status_check;
ALTER TABLE outbox_mails ADD CONSTRAINT outbox_mails_status_check CHECK (status IN ('pending', 'sending', 'sent', 'failed'));
ALTER TABLE outbox_mails ADD COLUMN IF NOT EXISTS claimed_until timestamptz;
ALTER TABLE outbox_mails ADD COLUMN IF NOT EXISTS claimed_by text;

ALTER TABLE webhook_deliveries DROP CONSTRAINT IF EXISTS webhook_deliveries_status_check;
ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_status_check CHECK (status IN ('pending', 'sending', 'delivered', 'failed'));
ALTER TABLE webhook_deliveries ADD COLUMN IF NOT EXISTS claimed_until timestamptz;
ALTER TABLE webhook_deliveries ADD COLUMN IF NOT EXISTS claimed_by text;

-- One row per job that must run once per installation (e.g. 'prune'): a process runs it only
-- while it holds the lease (one INSERT … ON CONFLICT DO UPDATE … WHERE until < now RETURNING).
CREATE TABLE IF NOT EXISTS leases (
  name text PRIMARY KEY,
  holder text NOT NULL,
  until timestamptz NOT NULL
);

-- A shop's own secrets (webhook secret, payment accounts), AES-256-GCM with the server key
-- TISCHLEIN_SECRET_KEY; the shop id and the name are the authenticated data, so a ciphertext
-- copied to another shop or name does not decrypt. Never sent to a browser.
CREATE TABLE IF NOT EXISTS shop_secrets (
  shop_id text NOT NULL,
  name text NOT NULL,
  ciphertext text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (shop_id, name)
);

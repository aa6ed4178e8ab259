-- The outbox workers claim the oldest open row (server/outbox/claim.ts). Without this index the
-- planner walked the primary key from the first row ever written and filtered out every sent one:
-- a claim cost grew with the outbox's history (on PGlite, without statistics, 12 ms per claim after
-- 3,000 mails). Only open rows ('pending', 'sending') are in these indexes: a claim reads a few pages.
CREATE INDEX IF NOT EXISTS outbox_mails_open ON outbox_mails (id) WHERE status IN ('pending', 'sending');
CREATE INDEX IF NOT EXISTS webhook_deliveries_open ON webhook_deliveries (id) WHERE status IN ('pending', 'sending');

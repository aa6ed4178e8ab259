-- The outbox workers claim the oldest open row (server/outbox/claim.ts). On PGlite (no autovacuum,
-- no statistics of its own) the planner walked the primary key from the first row ever written, or a
-- bitmap of outbox_mails_due over the dead entry of every mail ever sent: a claim's cost grew with
-- the outbox's history (7-12 ms per claim after 3,000 mails). This index holds the open rows only
-- ('pending', 'sending'); with the statistics the worker takes on PGlite, a claim reads a few pages.
-- PostgreSQL's autovacuum keeps the due index clean and its 50-client bench was no faster with this
-- index (docs/benchmarks.md): there it is not made.
DO $$
BEGIN
  IF version() LIKE '%PGlite%' THEN
    CREATE INDEX IF NOT EXISTS outbox_mails_open ON outbox_mails (id) WHERE status IN ('pending', 'sending');
    CREATE INDEX IF NOT EXISTS webhook_deliveries_open ON webhook_deliveries (id) WHERE status IN ('pending', 'sending');
  END IF;
END $$;

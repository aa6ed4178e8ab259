-- When an outbox row was given up (status 'failed'), for the operator's status (GET /api/operator/status,
-- server/operator/status.ts): set by the claim's outcome statement and the give-up of abandoned rows
-- (server/outbox/claim.ts), cleared when the operator puts the row back (POST /api/operator/mails/retry).
-- Rows given up before this migration get their last planned attempt as an approximation.
ALTER TABLE outbox_mails ADD COLUMN IF NOT EXISTS failed_at timestamptz;
ALTER TABLE webhook_deliveries ADD COLUMN IF NOT EXISTS failed_at timestamptz;
UPDATE outbox_mails SET failed_at = next_attempt_at WHERE status = 'failed' AND failed_at IS NULL;
UPDATE webhook_deliveries SET failed_at = next_attempt_at WHERE status = 'failed' AND failed_at IS NULL;

-- Shop state the staff change during the day, and what keeps an order from falling through:
-- pause, busy minutes, sold-out dishes and extras, the answer time (auto-refusal), the device
-- watch (heartbeat rows of the staff's event streams, counted across processes), refund retries.

CREATE TABLE IF NOT EXISTS shop_ops (
  shop_id text PRIMARY KEY,
  -- 'Bestellungen pausieren': no new orders before this instant (null = not paused)
  paused_until timestamptz,
  -- 'Viel los': added to every serve time offered and to the accept presets
  busy_minutes integer NOT NULL DEFAULT 0 CHECK (busy_minutes BETWEEN 0 AND 120),
  -- busy holds until tonight's close (a busy evening does not slow down tomorrow)
  busy_until timestamptz,
  -- an order not accepted within this many minutes is refused with a refund; 0 = off (owner)
  answer_minutes integer NOT NULL DEFAULT 8 CHECK (answer_minutes BETWEEN 0 AND 60),
  -- stop taking orders when no staff device has been connected for 5 minutes (off: POS by webhook)
  device_watch boolean NOT NULL DEFAULT true,
  -- the last moment a staff device was connected (null = never: the watch has not started)
  last_device_at timestamptz,
  -- set by the watch when it stopped the shop for want of a device; cleared when one connects
  unattended_since timestamptz,
  -- set by the watch when it first saw the shop open with no device connected
  no_device_since timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- 'ausverkauft': a dish or an extra (ingredient or side dish id) until an instant or until
-- switched back (until null)
CREATE TABLE IF NOT EXISTS sold_out (
  shop_id text NOT NULL,
  item_id text NOT NULL,
  until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (shop_id, item_id)
);

-- One row per open event stream of a staff device, renewed with every heartbeat; a row whose
-- heartbeat is older than a minute is a device that went away without saying so.
CREATE TABLE IF NOT EXISTS staff_streams (
  id text PRIMARY KEY,
  shop_id text NOT NULL,
  seen_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS staff_streams_shop ON staff_streams (shop_id, seen_at);

-- refusals: by staff or by the answer timer; failed refunds retried with backoff
ALTER TABLE orders ADD COLUMN IF NOT EXISTS refused_by text CHECK (refused_by IS NULL OR refused_by IN ('staff', 'timeout'));
ALTER TABLE orders ADD COLUMN IF NOT EXISTS refund_attempts integer NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN IF NOT EXISTS refund_next_at timestamptz;
CREATE INDEX IF NOT EXISTS orders_unanswered ON orders (inbox_at) WHERE inbox_at IS NOT NULL AND accepted_at IS NULL AND refused_at IS NULL;
CREATE INDEX IF NOT EXISTS orders_refund_retry ON orders (refund_next_at) WHERE refund_status = 'failed';

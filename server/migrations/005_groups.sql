-- Group orders: a group, its members and their carts; the owner places one order for all.
-- Ids and invitation codes are random (not guessable); owner and member rights are checked by
-- the caller's user id, which is never sent to other members.
CREATE TABLE IF NOT EXISTS group_orders (
  id text PRIMARY KEY,                       -- random, 16 characters
  shop_id text NOT NULL,
  code text NOT NULL UNIQUE,                 -- invitation code, 12 characters (60 bits)
  name text NOT NULL,
  owner_user_id text NOT NULL,
  stage text NOT NULL DEFAULT 'menu' CHECK (stage IN ('menu', 'checkout', 'paying', 'completed')),
  is_pickup boolean NOT NULL DEFAULT false,
  order_id text,                             -- the owner's order (orders.id) once placed
  disbanded boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS group_members (
  id text PRIMARY KEY,                       -- random, 12 characters
  group_id text NOT NULL REFERENCES group_orders (id) ON DELETE CASCADE,
  user_id text NOT NULL,
  name text NOT NULL,
  is_owner boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'menu' CHECK (status IN ('owner', 'menu', 'readyToCheckout')),
  cart jsonb NOT NULL DEFAULT '{"total":0,"items":[],"confirmedTwoForOnePromotions":[]}',
  position serial,
  UNIQUE (group_id, user_id)
);
CREATE INDEX IF NOT EXISTS group_members_group ON group_members (group_id);

ALTER TABLE orders ADD COLUMN IF NOT EXISTS group_order_id text;

-- The restaurant edits its own menu (issue 27): one draft per shop (the whole catalog in the data
-- format, always a checked one), who published each catalog version, and the pictures the owner
-- uploads (served under /media like the generated ones).

CREATE TABLE IF NOT EXISTS menu_drafts (
  shop_id text PRIMARY KEY REFERENCES shops (id) ON DELETE CASCADE,
  catalog jsonb NOT NULL,                    -- the data format's shops[].catalog, checked on every save
  revision integer NOT NULL CHECK (revision >= 1), -- +1 per save: a save names the revision it edited (409 otherwise)
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text NOT NULL                   -- the staff member's name
);

-- who made a version: the staff member's name; null = an import (`npm run shop -- import`, the demo seed)
ALTER TABLE catalog_versions ADD COLUMN IF NOT EXISTS created_by text;

CREATE TABLE IF NOT EXISTS media_uploads (
  shop_id text NOT NULL REFERENCES shops (id) ON DELETE CASCADE,
  image_id text NOT NULL,                    -- 'u-' + random hex: never reused, so served as immutable
  content_type text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/webp')),
  bytes bytea NOT NULL,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (shop_id, image_id)
);

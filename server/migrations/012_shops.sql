-- Shops and menus in the database (issue 25). The data file of docs/data-format.md is the
-- import/export format (`npm run shop -- import|export`); these tables are what the server reads.
-- Every change to a shop ends with NOTIFY shop_changed, '<shop id>' (server/shops/store.ts): each
-- server process drops its cached copy of that shop (server/shops/repository.ts).

CREATE TABLE IF NOT EXISTS franchises (
  id text PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  name text NOT NULL
);

CREATE TABLE IF NOT EXISTS shops (
  id text PRIMARY KEY,
  slug text UNIQUE,                          -- /f={slug}; franchise branches need one
  franchise_id text REFERENCES franchises (id),
  position integer NOT NULL DEFAULT 0,       -- order of the shops (franchise lists, the first shop)
  config jsonb NOT NULL,                     -- the data format's shops[].config (as loaded: defaults filled in)
  catalog_of text,                           -- serves the published catalog of this shop instead of its own
  published_version integer,                 -- the catalog version guests get (null: catalog_of)
  draft_version integer,                     -- the version the menu editor works on (not served); null: none
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS shops_franchise ON shops (franchise_id, position);

-- A catalog version is never changed once written: a change is a new version, published by
-- moving shops.published_version. Caches (a CDN too) may keep a version for ever.
CREATE TABLE IF NOT EXISTS catalog_versions (
  shop_id text NOT NULL REFERENCES shops (id) ON DELETE CASCADE,
  version integer NOT NULL CHECK (version >= 1),
  catalog jsonb NOT NULL,                    -- the data format's shops[].catalog
  content_hash text NOT NULL,                -- sha-256 of the catalog: an unchanged import adds no version
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (shop_id, version)
);

CREATE OR REPLACE FUNCTION catalog_versions_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'catalog versions are immutable: write a new version' USING ERRCODE = 'P0001';
END;
$$;
DROP TRIGGER IF EXISTS catalog_versions_no_update ON catalog_versions;
CREATE TRIGGER catalog_versions_no_update BEFORE UPDATE ON catalog_versions
  FOR EACH ROW EXECUTE FUNCTION catalog_versions_immutable();

-- A restaurant's own domains: a request with this Host gets the shop's shell (lower case, no port).
CREATE TABLE IF NOT EXISTS shop_hosts (
  host text PRIMARY KEY CHECK (host = lower(host)),
  shop_id text NOT NULL REFERENCES shops (id) ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS shop_hosts_shop ON shop_hosts (shop_id);

-- The data format's shopSettings (order e-mail, VAT id, webhook URL, driver codes, waiter
-- password hash, tables, coupon e-mails). Secrets move to shop_secrets (migration 014).
CREATE TABLE IF NOT EXISTS shop_settings (
  shop_id text PRIMARY KEY REFERENCES shops (id) ON DELETE CASCADE,
  settings jsonb NOT NULL
);

-- Installation-wide parts of the data file: 'gazetteer' (the offline geocoder's streets).
CREATE TABLE IF NOT EXISTS platform_data (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

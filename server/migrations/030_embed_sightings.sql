-- 'Einbinden' (staff app): the origins of the pages a shop's widgets ran on, as the browser named
-- them (the Origin header of the widgets' calls to /api/shop/{shop}/…). The owner's check "does my
-- page load the widget?" reads this instead of fetching the owner's URL from the server (no SSRF).
-- Bounded: at most 50 origins per shop (the oldest sighting goes), written at most once a minute per
-- origin and process.
CREATE TABLE IF NOT EXISTS embed_sightings (
  shop_id text NOT NULL,
  origin text NOT NULL,
  last_seen_at timestamptz NOT NULL,
  PRIMARY KEY (shop_id, origin)
);

-- 'Lieferzeiten wie Öffnungszeiten': a shop without delivery times of its own delivers during its
-- opening times and follows every later change of them (shared/time deliveryTimesOf). Until now the
-- import and the staff app's 'Öffnungszeiten' stored a copy of the opening times as delivery times,
-- which then no longer followed. A stored copy equal to the opening times is that default: it goes.
-- Delivery times that differ are the owner's own and stay.
UPDATE shops
SET config = config - 'deliveryTimes', updated_at = now()
WHERE config ? 'deliveryTimes' AND config -> 'deliveryTimes' = config -> 'openingTimes';

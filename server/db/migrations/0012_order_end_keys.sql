-- Cancel and close carry the client's key for the one intent (a retry after a lost answer
-- reuses it). The order keeps the key of the cancel or close that ended it, so the retry is
-- answered with the order as it was left instead of being refused as no longer pending.
ALTER TABLE orders
  ADD COLUMN end_idempotency_key text
    CHECK (end_idempotency_key IS NULL OR (status IN ('cancelled', 'closed') AND end_idempotency_key ~ '^[A-Za-z0-9_.:-]{8,128}$'));

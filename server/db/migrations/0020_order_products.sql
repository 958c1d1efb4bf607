-- Positions that did not come from an order on the market: shares allotted in an IPO or a
-- placement, bought from a block or a VIP allocation at a fixed price
-- (server/trading/fixedPricePositions.ts). The row says where it came from, so the order and
-- the statement can name the issue, placement, block or allocation. Both columns are set
-- together or not at all.
--
-- The product: 'delivery' positions are held until their owner closes them; 'intraday'
-- ones carry the intraday leverage and are squared off at the configured time of the session
-- (server/trading/intradaySquareOff.ts), which is the third reason a position can close.
ALTER TABLE orders
  ADD COLUMN origin_kind text CHECK (origin_kind IN ('ipo', 'placement', 'block', 'vip')),
  ADD COLUMN origin_id text CHECK (length(origin_id) BETWEEN 1 AND 100),
  ADD COLUMN product text NOT NULL DEFAULT 'delivery' CHECK (product IN ('delivery', 'intraday')),
  ADD CONSTRAINT orders_origin_together CHECK ((origin_kind IS NULL) = (origin_id IS NULL)),
  -- A fixed-price position is a delivery holding: no intraday leverage, no square-off.
  ADD CONSTRAINT orders_origin_is_delivery CHECK (origin_kind IS NULL OR product = 'delivery');

ALTER TABLE orders DROP CONSTRAINT orders_close_reason_check;
ALTER TABLE orders ADD CONSTRAINT orders_close_reason_check CHECK (close_reason IN ('user', 'margin_call', 'intraday_square_off'));

-- Where a position came from and its product are terms like its quantity: they never change.
CREATE FUNCTION orders_guard_origin() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.origin_kind, NEW.origin_id, NEW.product) IS DISTINCT FROM (OLD.origin_kind, OLD.origin_id, OLD.product) THEN
    RAISE EXCEPTION 'order %: its origin and product cannot change', OLD.id USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER orders_origin_unchanged BEFORE UPDATE ON orders FOR EACH ROW EXECUTE FUNCTION orders_guard_origin();

-- The square-off job looks for the intraday positions still open.
CREATE INDEX orders_open_intraday ON orders (status) WHERE product = 'intraday' AND status IN ('pending', 'holding');

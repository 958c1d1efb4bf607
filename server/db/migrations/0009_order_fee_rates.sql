-- Fees and timing rules became configuration staff may change at run time (the trade.*
-- settings). An order keeps the opening fee rates it was accepted with, so a change between
-- a limit order's placement and its fill can neither charge more than was frozen nor
-- surprise the user: the rates the order sheet showed are the rates paid.
ALTER TABLE orders
  ADD COLUMN open_service_fee_bps integer CHECK (open_service_fee_bps BETWEEN 0 AND 1000),
  ADD COLUMN open_tax_bps integer CHECK (open_tax_bps BETWEEN 0 AND 1000);

CREATE OR REPLACE FUNCTION orders_guard_transition() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT ((OLD.status = 'pending' AND NEW.status IN ('holding', 'cancelled'))
       OR (OLD.status = 'holding' AND NEW.status = 'closed')) THEN
    RAISE EXCEPTION 'order %: % → % is not allowed', OLD.id, OLD.status, NEW.status
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF (NEW.user_id, NEW.idempotency_key, NEW.code, NEW.side, NEW.type, NEW.quantity, NEW.lot, NEW.leverage,
      NEW.limit_price_paise, NEW.frozen_paise, NEW.created_at, NEW.open_service_fee_bps, NEW.open_tax_bps)
     IS DISTINCT FROM
     (OLD.user_id, OLD.idempotency_key, OLD.code, OLD.side, OLD.type, OLD.quantity, OLD.lot, OLD.leverage,
      OLD.limit_price_paise, OLD.frozen_paise, OLD.created_at, OLD.open_service_fee_bps, OLD.open_tax_bps) THEN
    RAISE EXCEPTION 'order %: its terms cannot change', OLD.id USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF OLD.status = 'holding' AND (NEW.fill_price_paise, NEW.margin_paise, NEW.filled_at, NEW.open_service_fee_paise, NEW.open_tax_paise)
     IS DISTINCT FROM (OLD.fill_price_paise, OLD.margin_paise, OLD.filled_at, OLD.open_service_fee_paise, OLD.open_tax_paise) THEN
    RAISE EXCEPTION 'order %: its fill cannot change', OLD.id USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END $$;

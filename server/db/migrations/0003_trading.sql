-- Orders and positions. One row is an order and, once filled, its position. Prices and
-- money are integer paise. What a row may become is checked here as well as in the service:
-- pending → holding | cancelled, holding → closed; nothing else, and a row's terms never change.
CREATE TABLE orders (
  id                   bigserial PRIMARY KEY,
  user_id              bigint NOT NULL REFERENCES users (id),
  idempotency_key      text NOT NULL CHECK (length(idempotency_key) BETWEEN 8 AND 128),
  code                 text NOT NULL,
  side                 text NOT NULL CHECK (side IN ('long', 'short')),
  type                 text NOT NULL CHECK (type IN ('market', 'limit')),
  status               text NOT NULL CHECK (status IN ('pending', 'holding', 'closed', 'cancelled')),
  quantity             bigint NOT NULL CHECK (quantity > 0),
  lot                  integer NOT NULL CHECK (lot > 0),
  leverage             integer NOT NULL CHECK (leverage > 0),
  limit_price_paise    bigint CHECK (limit_price_paise > 0),
  -- Held in frozen while pending: margin and opening fees at the limit (or quoted) price.
  frozen_paise         bigint NOT NULL CHECK (frozen_paise >= 0),
  fill_price_paise     bigint CHECK (fill_price_paise > 0),
  margin_paise         bigint CHECK (margin_paise >= 0),
  open_service_fee_paise  bigint NOT NULL DEFAULT 0 CHECK (open_service_fee_paise >= 0),
  open_tax_paise       bigint NOT NULL DEFAULT 0 CHECK (open_tax_paise >= 0),
  close_price_paise    bigint CHECK (close_price_paise > 0),
  close_service_fee_paise bigint NOT NULL DEFAULT 0 CHECK (close_service_fee_paise >= 0),
  close_tax_paise      bigint NOT NULL DEFAULT 0 CHECK (close_tax_paise >= 0),
  realised_pnl_paise   bigint,
  close_reason         text CHECK (close_reason IN ('user', 'margin_call')),
  locked_until         timestamptz,
  created_at           timestamptz NOT NULL DEFAULT now(),
  filled_at            timestamptz,
  closed_at            timestamptz,
  UNIQUE (user_id, idempotency_key),
  CHECK (type = 'market' OR limit_price_paise IS NOT NULL),
  CHECK (status = 'pending' OR status = 'cancelled' OR fill_price_paise IS NOT NULL),
  CHECK (status <> 'closed' OR (close_price_paise IS NOT NULL AND realised_pnl_paise IS NOT NULL))
);
CREATE INDEX orders_by_user_status ON orders (user_id, status, id DESC);
CREATE INDEX orders_open ON orders (status) WHERE status IN ('pending', 'holding');

CREATE FUNCTION orders_guard_transition() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT ((OLD.status = 'pending' AND NEW.status IN ('holding', 'cancelled'))
       OR (OLD.status = 'holding' AND NEW.status = 'closed')) THEN
    RAISE EXCEPTION 'order %: % → % is not allowed', OLD.id, OLD.status, NEW.status
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF (NEW.user_id, NEW.idempotency_key, NEW.code, NEW.side, NEW.type, NEW.quantity, NEW.lot, NEW.leverage,
      NEW.limit_price_paise, NEW.frozen_paise, NEW.created_at)
     IS DISTINCT FROM
     (OLD.user_id, OLD.idempotency_key, OLD.code, OLD.side, OLD.type, OLD.quantity, OLD.lot, OLD.leverage,
      OLD.limit_price_paise, OLD.frozen_paise, OLD.created_at) THEN
    RAISE EXCEPTION 'order %: its terms cannot change', OLD.id USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF OLD.status = 'holding' AND (NEW.fill_price_paise, NEW.margin_paise, NEW.filled_at, NEW.open_service_fee_paise, NEW.open_tax_paise)
     IS DISTINCT FROM (OLD.fill_price_paise, OLD.margin_paise, OLD.filled_at, OLD.open_service_fee_paise, OLD.open_tax_paise) THEN
    RAISE EXCEPTION 'order %: its fill cannot change', OLD.id USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER orders_transition BEFORE UPDATE ON orders FOR EACH ROW EXECUTE FUNCTION orders_guard_transition();
CREATE TRIGGER orders_no_delete BEFORE DELETE OR TRUNCATE ON orders FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();

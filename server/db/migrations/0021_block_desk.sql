-- The block-trade desk: blocks of a listed stock that staff offer at a fixed price for a
-- window, and the purchases users make from them. A purchase is first come by commit order:
-- its transaction takes the shares with one conditional UPDATE of `remaining`, so two buyers
-- can never both take the last shares, and the CHECK below refuses any write that would
-- oversell. The money moves in the ledger through the purchase's position (an order row in
-- status holding, opened at the block price with the block fee schedule and a T+N lock).

CREATE TABLE blocks (
  id                    bigserial PRIMARY KEY,
  code                  text NOT NULL,
  currency              text NOT NULL DEFAULT 'INR' CHECK (currency = 'INR'),
  price_paise           bigint NOT NULL CHECK (price_paise > 0),
  -- The market's last price when staff saved the block: the price is within the band of it.
  reference_price_paise bigint NOT NULL CHECK (reference_price_paise > 0),
  quantity              bigint NOT NULL CHECK (quantity > 0),
  remaining             bigint NOT NULL,
  -- The terms a buyer gets, fixed when the block is saved: a later change of the settings
  -- does not change a block users already see.
  minimum_shares        bigint NOT NULL CHECK (minimum_shares > 0),
  minimum_amount_paise  bigint NOT NULL CHECK (minimum_amount_paise > 0),
  lock_trading_days     integer NOT NULL CHECK (lock_trading_days BETWEEN 0 AND 30),
  open_at               timestamptz NOT NULL,
  close_at              timestamptz NOT NULL,
  -- Set when staff end the block early, with their reason.
  closed_at             timestamptz,
  closed_reason         text,
  created_at            timestamptz NOT NULL DEFAULT now(),
  updated_at            timestamptz NOT NULL DEFAULT now(),
  CHECK (remaining >= 0 AND remaining <= quantity),
  CHECK (close_at > open_at),
  CHECK ((closed_at IS NULL) = (closed_reason IS NULL))
);
CREATE INDEX blocks_by_close ON blocks (close_at DESC);

CREATE TABLE block_purchases (
  id               bigserial PRIMARY KEY,
  block_id         bigint NOT NULL REFERENCES blocks (id),
  user_id          bigint NOT NULL REFERENCES users (id),
  idempotency_key  text NOT NULL CHECK (length(idempotency_key) BETWEEN 8 AND 128),
  quantity         bigint NOT NULL CHECK (quantity > 0),
  price_paise      bigint NOT NULL CHECK (price_paise > 0),
  -- The position the shares are held in (orders, 0003).
  order_id         bigint NOT NULL UNIQUE REFERENCES orders (id),
  created_at       timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, idempotency_key)
);
CREATE INDEX block_purchases_by_user ON block_purchases (user_id, id DESC);
CREATE INDEX block_purchases_by_block ON block_purchases (block_id);

-- A purchase is a record: it is never changed or removed.
CREATE FUNCTION block_purchases_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'block purchase %: purchases are never changed', OLD.id USING ERRCODE = 'integrity_constraint_violation';
END $$;
CREATE TRIGGER block_purchases_append_only BEFORE UPDATE OR DELETE ON block_purchases
  FOR EACH ROW EXECUTE FUNCTION block_purchases_append_only();

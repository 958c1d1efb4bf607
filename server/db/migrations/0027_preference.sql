-- The demo user's simulated past trades for the investment-preference radar (issue 15,
-- server/preference/demoTrades.ts; demo mode only). They are NOT orders: no money moved and the
-- ledger knows nothing of them, so the crash-recovery audit and the ledger checks, which match
-- orders with their transfers, never see them. The radar counts them beside the user's real
-- orders and the page labels the result as including simulated history.
--
-- Each row is one closed round trip, dated on a business day before the seeding day and priced
-- at the closing price of an NSE session (price_day_open, price_day_close): the real NSE closes
-- of the market's data where it has them (prices_real), replayed in order onto the days before
-- the seeding day. Seeded once per user (seq is the row's place in the deterministic sequence)
-- and never changed.

CREATE TABLE preference_simulated_trades (
  id                 bigserial PRIMARY KEY,
  user_id            bigint NOT NULL REFERENCES users (id),
  seq                integer NOT NULL CHECK (seq >= 0),
  code               text NOT NULL CHECK (length(code) BETWEEN 1 AND 32),
  side               text NOT NULL CHECK (side IN ('long', 'short')),
  quantity           bigint NOT NULL CHECK (quantity > 0),
  leverage           integer NOT NULL CHECK (leverage BETWEEN 1 AND 20),
  opened_at          timestamptz NOT NULL,
  closed_at          timestamptz NOT NULL,
  open_price_paise   bigint NOT NULL CHECK (open_price_paise > 0),
  close_price_paise  bigint NOT NULL CHECK (close_price_paise > 0),
  -- The price move's result, fees not included, as the orders table keeps it.
  realised_pnl_paise bigint NOT NULL,
  price_day_open     date NOT NULL,
  price_day_close    date NOT NULL,
  prices_real        boolean NOT NULL,
  created_at         timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, seq),
  CHECK (closed_at > opened_at),
  CHECK (price_day_close >= price_day_open),
  -- Paired with the definition above: the result is exactly the price move times the shares.
  CHECK (realised_pnl_paise = (CASE side WHEN 'long' THEN close_price_paise - open_price_paise
                                          ELSE open_price_paise - close_price_paise END) * quantity)
);

CREATE TRIGGER preference_simulated_trades_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON preference_simulated_trades
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();

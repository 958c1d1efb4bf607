-- The portfolio's daily balance history (issue 13): one row per user, currency and IST
-- business day with the day's closing figures, written once by the daily job
-- (server/portfolio/dailyJob.ts) and never changed. Amounts are minor units of the row's
-- currency (paise, whole won), like the ledger.
--
--   cash      the user's available + frozen money at the day's end: the sum of their
--             postings created before the next IST midnight
--   invested  the margin of the positions open at that instant
--   equity    cash + Σ (margin + unrealised P&L) of those positions at the day's closing prices
--   net_flow  money that came into the user's cash that day from outside trading less money
--             that left it: deposits, paid withdrawals, loans borrowed and repaid, currency
--             exchanges, check-in bonuses, staff corrections: everything but the four
--             trading transfers (order_freeze, order_fill, order_cancel, position_close) and
--             the demo's play money (demo_funding), which the demo user's simulated history
--             holds as its opening deposit. "That day" is since the previous business day
--             ended, so a weekend's deposit counts on Monday. A day's P&L (the P&L calendar)
--             is equity − previous equity − net_flow: trading results and price moves only.
--   simulated the demo's seeded history (server/demo/seed.ts), labelled as such on screen.

CREATE TABLE portfolio_days (
  user_id     bigint NOT NULL REFERENCES users (id),
  currency    text NOT NULL REFERENCES ledger_currencies (code),
  day         date NOT NULL,
  equity      bigint NOT NULL,
  cash        bigint NOT NULL CHECK (cash >= 0),
  invested    bigint NOT NULL CHECK (invested >= 0),
  net_flow    bigint NOT NULL,
  simulated   boolean NOT NULL DEFAULT false,
  written_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, currency, day),
  -- Paired with the definitions above: with no open position nothing is invested and the
  -- equity is the cash alone.
  CHECK (invested > 0 OR equity = cash)
);

-- The days the job finished: every user's row of the day was written in the same
-- transaction, so a day here is complete and catch-up resumes after the last one.
CREATE TABLE portfolio_job_days (
  day          date PRIMARY KEY,
  users        integer NOT NULL CHECK (users >= 0),
  rows_written integer NOT NULL CHECK (rows_written >= 0),
  -- 'market' when the day's closing prices were the market's last quotes of that day,
  -- 'candles' when they came from the day candles (catch-up after downtime); positions
  -- without either are valued at their fill price.
  prices       text NOT NULL CHECK (prices IN ('market', 'candles')),
  finished_at  timestamptz NOT NULL DEFAULT now(),
  -- A user has a row per currency they hold accounts in, at most one per ledger currency.
  CHECK (rows_written <= users * 10)
);

-- Written once, never changed: a correction would be a new day, not an edit of an old one.
CREATE TRIGGER portfolio_days_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON portfolio_days
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER portfolio_job_days_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON portfolio_job_days
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();

-- The fee-rebate promotion for new accounts (issue 15, the spec's loss-compensation offer as a
-- published, capped, rule-based promotion; server/promotion/, docs/promotion.md).
--
-- promotion_rebate_days: each IST day the daily settlement finished, with the terms it used (the
-- settings in force when it ran). Catch-up resumes after the last one; a day is settled once.
--
-- promotion_rebate_payments: each rebate paid, one per user and settled day at most, with what
-- it was computed from: the brokerage the user's window counted up to the end of that day, the
-- terms, what the rule gave (due, never above the cap), what had been paid before, and the
-- ledger transfer that paid it (from the house promotions account to the user's available money,
-- idempotency key promotion:fee-rebate:<user>:<day>). Both tables are append-only.

CREATE TABLE promotion_rebate_days (
  day          date PRIMARY KEY,
  enabled      boolean NOT NULL,
  window_days  integer NOT NULL CHECK (window_days BETWEEN 1 AND 365),
  percent      integer NOT NULL CHECK (percent BETWEEN 0 AND 100),
  cap_paise    bigint NOT NULL CHECK (cap_paise > 0),
  -- users whose window the day counted, payments made and their sum
  users        integer NOT NULL CHECK (users >= 0),
  payments     integer NOT NULL CHECK (payments BETWEEN 0 AND users),
  paid_paise   bigint NOT NULL CHECK (paid_paise >= 0),
  settled_at   timestamptz NOT NULL DEFAULT now(),
  CHECK (enabled OR (payments = 0 AND paid_paise = 0))
);

CREATE TABLE promotion_rebate_payments (
  id                 bigserial PRIMARY KEY,
  user_id            bigint NOT NULL REFERENCES users (id),
  through_day        date NOT NULL,
  window_start       timestamptz NOT NULL,
  window_end         timestamptz NOT NULL,
  fees_counted_paise bigint NOT NULL CHECK (fees_counted_paise >= 0),
  percent            integer NOT NULL CHECK (percent BETWEEN 0 AND 100),
  cap_paise          bigint NOT NULL CHECK (cap_paise > 0),
  due_paise          bigint NOT NULL CHECK (due_paise >= 0 AND due_paise <= cap_paise),
  paid_before_paise  bigint NOT NULL CHECK (paid_before_paise >= 0),
  amount_paise       bigint NOT NULL CHECK (amount_paise > 0),
  transfer_id        bigint NOT NULL UNIQUE REFERENCES ledger_transfers (id),
  created_at         timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, through_day),
  CHECK (window_end > window_start),
  -- Paired with the rule: a payment is exactly what the rule gave less what was paid before.
  CHECK (amount_paise = due_paise - paid_before_paise)
);

-- The other half of the pair: "paid before" is the sum of the user's earlier payments, so the
-- payments of a user add up to at most the cap in force at their last one.
CREATE FUNCTION promotion_rebate_paid_before_matches() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  paid bigint;
BEGIN
  SELECT coalesce(sum(amount_paise), 0) INTO paid FROM promotion_rebate_payments WHERE user_id = NEW.user_id;
  IF NEW.paid_before_paise <> paid THEN
    RAISE EXCEPTION 'fee rebate for user %: % paid before, not %', NEW.user_id, paid, NEW.paid_before_paise
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER promotion_rebate_payments_paid_before BEFORE INSERT ON promotion_rebate_payments
  FOR EACH ROW EXECUTE FUNCTION promotion_rebate_paid_before_matches();
CREATE TRIGGER promotion_rebate_payments_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON promotion_rebate_payments
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER promotion_rebate_days_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON promotion_rebate_days
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();

-- Loans: credit loans (limit from the credit score) and margin loans on pledged stock
-- (pledges, 0017), both in rupees. The money is in the ledger: a borrow is one transfer
-- (kind loan_borrow) that pays the principal into the user's available account and books
-- the debt on the user's loan account (kind user_loan, negative = owed); each date's interest
-- is one transfer (loan_interest) from the loan account to the firm's interest income; a
-- repayment (loan_repay) moves money back from available to the loan account. The rows here
-- say which loan each transfer belongs to and how a repayment split into interest and
-- principal; the loan row keeps the running outstanding amounts the job and the screens read,
-- changed only in the transaction that posts the matching transfer.

CREATE TABLE loans (
  id                           bigserial PRIMARY KEY,
  user_id                      bigint NOT NULL REFERENCES users (id),
  kind                         text NOT NULL CHECK (kind IN ('credit', 'margin')),
  currency                     text NOT NULL DEFAULT 'INR' CHECK (currency = 'INR'),
  status                       text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'repaid')),
  idempotency_key              text NOT NULL CHECK (length(idempotency_key) BETWEEN 8 AND 128),
  -- The pledge securing a margin loan (pledges, 0017); a credit loan has none.
  pledge_id                    bigint CHECK (kind = 'margin' OR pledge_id IS NULL),
  principal_paise              bigint NOT NULL CHECK (principal_paise > 0),
  principal_outstanding_paise  bigint NOT NULL CHECK (principal_outstanding_paise BETWEEN 0 AND principal_paise),
  interest_outstanding_paise   bigint NOT NULL DEFAULT 0 CHECK (interest_outstanding_paise >= 0),
  interest_accrued_paise       bigint NOT NULL DEFAULT 0 CHECK (interest_accrued_paise >= interest_outstanding_paise),
  repaid_paise                 bigint NOT NULL DEFAULT 0,
  -- The yearly rate the loan was taken at; a later change of the setting does not reprice it.
  annual_rate_bps              integer NOT NULL CHECK (annual_rate_bps BETWEEN 0 AND 10000),
  borrowed_on                  date NOT NULL,
  -- The last IST business date interest was posted for; the job posts every date after it.
  accrued_through              date NOT NULL CHECK (accrued_through >= borrowed_on),
  borrow_transfer_id           bigint NOT NULL,
  created_at                   timestamptz NOT NULL DEFAULT now(),
  repaid_at                    timestamptz,
  UNIQUE (user_id, idempotency_key),
  -- Paired assertions: what was repaid is the interest paid plus the principal paid, and a
  -- loan is repaid exactly when nothing is owed on it.
  CHECK (repaid_paise = (interest_accrued_paise - interest_outstanding_paise) + (principal_paise - principal_outstanding_paise)),
  CHECK ((status = 'repaid') = (principal_outstanding_paise = 0 AND interest_outstanding_paise = 0)),
  CHECK ((status = 'repaid') = (repaid_at IS NOT NULL))
-- Each date's accrual rewrites every open loan's row: with room left on its page the new
-- version stays there and touches no index (a HOT update), as ledger_accounts does (0010).
) WITH (fillfactor = 50);
CREATE INDEX loans_by_user ON loans (user_id, id DESC);
-- The accrual job walks the open loans in id order.
CREATE INDEX loans_open ON loans (id) WHERE status = 'open';

-- A loan's identity and its principal never change; only the running amounts do.
CREATE FUNCTION loans_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.id, NEW.user_id, NEW.kind, NEW.currency, NEW.idempotency_key, NEW.pledge_id, NEW.principal_paise, NEW.annual_rate_bps,
      NEW.borrowed_on, NEW.borrow_transfer_id, NEW.created_at)
     IS DISTINCT FROM (OLD.id, OLD.user_id, OLD.kind, OLD.currency, OLD.idempotency_key, OLD.pledge_id, OLD.principal_paise, OLD.annual_rate_bps,
      OLD.borrowed_on, OLD.borrow_transfer_id, OLD.created_at) THEN
    RAISE EXCEPTION 'loan %: its identity cannot change', OLD.id USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF NEW.accrued_through < OLD.accrued_through OR NEW.interest_accrued_paise < OLD.interest_accrued_paise OR NEW.repaid_paise < OLD.repaid_paise THEN
    RAISE EXCEPTION 'loan %: accruals and repayments only add up', OLD.id USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER loans_guard BEFORE UPDATE ON loans FOR EACH ROW EXECUTE FUNCTION loans_guard();
CREATE TRIGGER loans_no_delete BEFORE DELETE OR TRUNCATE ON loans FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();

-- One row per loan per date with interest: the primary key makes a second posting for the
-- same date impossible, whatever the job does (its ledger key, loan:<id>:interest:<date>, too).
CREATE TABLE loan_accruals (
  loan_id          bigint NOT NULL REFERENCES loans (id),
  business_date    date NOT NULL,
  -- The principal the day's interest was computed on.
  principal_paise  bigint NOT NULL CHECK (principal_paise > 0),
  amount_paise     bigint NOT NULL CHECK (amount_paise > 0),
  transfer_id      bigint NOT NULL,
  PRIMARY KEY (loan_id, business_date)
);

CREATE TABLE loan_repayments (
  id               bigserial PRIMARY KEY,
  loan_id          bigint NOT NULL REFERENCES loans (id),
  user_id          bigint NOT NULL REFERENCES users (id),
  idempotency_key  text NOT NULL CHECK (length(idempotency_key) BETWEEN 8 AND 128),
  amount_paise     bigint NOT NULL CHECK (amount_paise > 0),
  interest_paise   bigint NOT NULL CHECK (interest_paise >= 0),
  principal_paise  bigint NOT NULL CHECK (principal_paise >= 0),
  transfer_id      bigint NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, idempotency_key),
  CHECK (amount_paise = interest_paise + principal_paise)
);
CREATE INDEX loan_repayments_by_loan ON loan_repayments (loan_id, id);

CREATE TRIGGER loan_accruals_append_only BEFORE UPDATE OR DELETE ON loan_accruals FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER loan_accruals_no_truncate BEFORE TRUNCATE ON loan_accruals FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER loan_repayments_append_only BEFORE UPDATE OR DELETE ON loan_repayments FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER loan_repayments_no_truncate BEFORE TRUNCATE ON loan_repayments FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();

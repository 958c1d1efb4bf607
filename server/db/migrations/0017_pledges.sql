-- Margin loans on pledged stock (issue 12). A pledge is a request to borrow against open
-- long positions the user paid in full; its loan is a lending loan of kind 'margin' (the
-- loans table), pointed at once granted. Money here is rupees, in paise. What a row may
-- become, and the four-eyes rule, are checked here as well as in the service:
-- in_progress → successful | failed, successful → completed; nothing else.
CREATE TABLE pledges (
  id                    bigserial PRIMARY KEY,
  user_id               bigint NOT NULL REFERENCES users (id),
  idempotency_key       text NOT NULL CHECK (length(idempotency_key) BETWEEN 8 AND 128),
  status                text NOT NULL CHECK (status IN ('in_progress', 'successful', 'failed', 'completed')),
  currency              text NOT NULL DEFAULT 'INR' CHECK (currency = 'INR'),
  amount_paise          bigint NOT NULL CHECK (amount_paise > 0),
  limit_at_request_paise bigint NOT NULL CHECK (limit_at_request_paise >= amount_paise),
  -- 0: granted at once; 1: a reviewer; 2: two different reviewers (four-eyes).
  reviews_needed        smallint NOT NULL CHECK (reviews_needed BETWEEN 0 AND 2),
  first_approved_by     bigint REFERENCES staff (id),
  first_approved_at     timestamptz,
  first_approval_reason text CHECK (length(first_approval_reason) BETWEEN 1 AND 500),
  reviewed_by           bigint REFERENCES staff (id),
  reviewed_at           timestamptz,
  review_reason         text CHECK (length(review_reason) BETWEEN 1 AND 500),
  loan_id               bigint,
  -- Set when the user was messaged that the loan-to-value passed the warning line; cleared
  -- when it falls back below, so the next crossing is messaged again (once).
  ltv_warned_at         timestamptz,
  created_at            timestamptz NOT NULL DEFAULT now(),
  completed_at          timestamptz,
  UNIQUE (user_id, idempotency_key),
  CHECK ((first_approved_by IS NULL) = (first_approved_at IS NULL)),
  CHECK (first_approved_by IS NULL OR reviews_needed = 2),
  -- Four-eyes: the approver who grants a two-reviewer loan is not the one who approved first.
  CHECK (reviewed_by IS NULL OR first_approved_by IS NULL OR reviewed_by <> first_approved_by),
  CHECK (status <> 'successful' OR (loan_id IS NOT NULL
    AND (reviews_needed = 0 OR reviewed_by IS NOT NULL)
    AND (reviews_needed < 2 OR first_approved_by IS NOT NULL))),
  CHECK (status <> 'failed' OR loan_id IS NULL),
  CHECK ((status = 'completed') = (completed_at IS NOT NULL))
);
CREATE INDEX pledges_by_user ON pledges (user_id, id DESC);
CREATE INDEX pledges_by_status ON pledges (status, id DESC);

CREATE FUNCTION pledges_guard_transition() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT (OLD.status = NEW.status
       OR (OLD.status = 'in_progress' AND NEW.status IN ('successful', 'failed'))
       OR (OLD.status = 'successful' AND NEW.status = 'completed')) THEN
    RAISE EXCEPTION 'pledge %: % → % is not allowed', OLD.id, OLD.status, NEW.status USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF (NEW.user_id, NEW.idempotency_key, NEW.amount_paise, NEW.limit_at_request_paise, NEW.reviews_needed, NEW.created_at)
     IS DISTINCT FROM (OLD.user_id, OLD.idempotency_key, OLD.amount_paise, OLD.limit_at_request_paise, OLD.reviews_needed, OLD.created_at) THEN
    RAISE EXCEPTION 'pledge %: what was requested cannot change', OLD.id USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF OLD.first_approved_by IS NOT NULL AND (NEW.first_approved_by, NEW.first_approved_at) IS DISTINCT FROM (OLD.first_approved_by, OLD.first_approved_at) THEN
    RAISE EXCEPTION 'pledge %: the first approval cannot change', OLD.id USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF OLD.loan_id IS NOT NULL AND NEW.loan_id IS DISTINCT FROM OLD.loan_id THEN
    RAISE EXCEPTION 'pledge %: its loan cannot change', OLD.id USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER pledges_transition BEFORE UPDATE ON pledges FOR EACH ROW EXECUTE FUNCTION pledges_guard_transition();
CREATE TRIGGER pledges_no_delete BEFORE DELETE OR TRUNCATE ON pledges FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();

-- The positions a pledge holds, valued when it was requested. A position is pledged from the
-- request until it is released (failed, or completed) or sold to repay the loan; while it is
-- pledged the owner cannot close it, and it is in no other pledge.
CREATE TABLE pledge_positions (
  pledge_id         bigint NOT NULL REFERENCES pledges (id),
  order_id          bigint NOT NULL REFERENCES orders (id),
  code              text NOT NULL,
  quantity          bigint NOT NULL CHECK (quantity > 0),
  haircut_bps       integer NOT NULL CHECK (haircut_bps BETWEEN 0 AND 9999),
  price_paise       bigint NOT NULL CHECK (price_paise > 0),
  released_at       timestamptz,
  sold_at           timestamptz,
  -- What the sale repaid on the loan, and the transfer that repaid it.
  repaid_paise      bigint CHECK (repaid_paise >= 0),
  PRIMARY KEY (pledge_id, order_id),
  CHECK (released_at IS NULL OR sold_at IS NULL),
  CHECK ((sold_at IS NULL) = (repaid_paise IS NULL))
);
CREATE UNIQUE INDEX pledge_positions_pledged_once ON pledge_positions (order_id) WHERE released_at IS NULL AND sold_at IS NULL;

CREATE FUNCTION pledge_positions_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.pledge_id, NEW.order_id, NEW.code, NEW.quantity, NEW.haircut_bps, NEW.price_paise)
     IS DISTINCT FROM (OLD.pledge_id, OLD.order_id, OLD.code, OLD.quantity, OLD.haircut_bps, OLD.price_paise)
     OR OLD.released_at IS NOT NULL OR OLD.sold_at IS NOT NULL THEN
    RAISE EXCEPTION 'pledged position %/%: only releasing or selling it once is allowed', OLD.pledge_id, OLD.order_id
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER pledge_positions_change BEFORE UPDATE ON pledge_positions FOR EACH ROW EXECUTE FUNCTION pledge_positions_guard();
CREATE TRIGGER pledge_positions_no_delete BEFORE DELETE OR TRUNCATE ON pledge_positions FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();

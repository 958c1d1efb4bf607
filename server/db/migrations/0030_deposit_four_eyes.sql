-- Deposits above the four-eyes amount (setting deposit.four_eyes_above) need two different
-- reviewers, as withdrawals do: pending → first_approved → approved | rejected. The first
-- approval credits nothing; the second, by someone else, credits the user.
ALTER TABLE deposits
  ADD COLUMN first_approved_by bigint REFERENCES staff (id),
  ADD COLUMN first_approved_at timestamptz,
  ADD COLUMN first_approval_reason text CHECK (length(first_approval_reason) BETWEEN 1 AND 500);

ALTER TABLE deposits DROP CONSTRAINT deposits_status_check;
ALTER TABLE deposits ADD CONSTRAINT deposits_status_check CHECK (status IN ('pending', 'first_approved', 'approved', 'rejected'));
-- Was: (status = 'pending') = (not reviewed). A first approval is not a review's end either.
ALTER TABLE deposits DROP CONSTRAINT deposits_check;
ALTER TABLE deposits ADD CONSTRAINT deposits_open_means_unreviewed
  CHECK ((status IN ('pending', 'first_approved')) = (reviewed_by IS NULL AND reviewed_at IS NULL AND review_reason IS NULL));
ALTER TABLE deposits ADD CONSTRAINT deposits_first_approval_whole
  CHECK ((first_approved_by IS NULL) = (first_approved_at IS NULL) AND (first_approved_by IS NULL) = (first_approval_reason IS NULL));
ALTER TABLE deposits ADD CONSTRAINT deposits_first_approved_has_approver CHECK (status <> 'first_approved' OR first_approved_by IS NOT NULL);
ALTER TABLE deposits ADD CONSTRAINT deposits_second_approver_differs
  CHECK (status <> 'approved' OR first_approved_by IS NULL OR reviewed_by <> first_approved_by);

-- One open deposit per user, a first-approved one included.
DROP INDEX deposits_one_pending_per_user;
CREATE UNIQUE INDEX deposits_one_open_per_user ON deposits (user_id) WHERE status IN ('pending', 'first_approved');

CREATE OR REPLACE FUNCTION deposits_guard_review() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT ((OLD.status = 'pending' AND NEW.status IN ('first_approved', 'approved', 'rejected'))
       OR (OLD.status = 'first_approved' AND NEW.status IN ('approved', 'rejected'))) THEN
    RAISE EXCEPTION 'deposit %: % → % is not allowed', OLD.id, OLD.status, NEW.status USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF (NEW.user_id, NEW.idempotency_key, NEW.channel_id, NEW.amount_paise, NEW.reference, NEW.receipt_upload_id, NEW.created_at)
     IS DISTINCT FROM (OLD.user_id, OLD.idempotency_key, OLD.channel_id, OLD.amount_paise, OLD.reference, OLD.receipt_upload_id, OLD.created_at) THEN
    RAISE EXCEPTION 'deposit %: what was reported cannot change', OLD.id USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF OLD.first_approved_by IS NOT NULL AND (NEW.first_approved_by, NEW.first_approved_at, NEW.first_approval_reason)
     IS DISTINCT FROM (OLD.first_approved_by, OLD.first_approved_at, OLD.first_approval_reason) THEN
    RAISE EXCEPTION 'deposit %: a first approval cannot change', OLD.id USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END $$;

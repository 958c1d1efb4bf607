-- Identity (issue 5): real-name verification and the fund password.

-- One row per submission; a failed user submits again, so history stays. A user has at
-- most one submission under review or verified at a time.
CREATE TABLE kyc_submissions (
  id               bigserial PRIMARY KEY,
  user_id          bigint NOT NULL REFERENCES users (id),
  name             text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  id_type          text NOT NULL CHECK (id_type IN ('pan', 'aadhaar')),
  id_number        text NOT NULL CHECK (id_number ~ '^([A-Z]{5}[0-9]{4}[A-Z]|[2-9][0-9]{11})$'),
  front_upload_id  bigint NOT NULL REFERENCES uploads (id),
  back_upload_id   bigint NOT NULL REFERENCES uploads (id),
  status           text NOT NULL DEFAULT 'under_review' CHECK (status IN ('under_review', 'verified', 'failed')),
  reason           text CHECK (length(reason) <= 500),
  reviewed_by      bigint REFERENCES staff (id),
  submitted_at     timestamptz NOT NULL DEFAULT now(),
  reviewed_at      timestamptz,
  CHECK (status = 'under_review' OR (reviewed_by IS NOT NULL AND reviewed_at IS NOT NULL)),
  CHECK (status <> 'failed' OR reason IS NOT NULL)
);
CREATE UNIQUE INDEX kyc_submissions_one_open_per_user ON kyc_submissions (user_id) WHERE status IN ('under_review', 'verified');
CREATE INDEX kyc_submissions_by_status ON kyc_submissions (status, id);

-- A review decides once: under_review → verified | failed, and what was submitted never changes.
CREATE FUNCTION kyc_guard_review() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT (OLD.status = 'under_review' AND NEW.status IN ('verified', 'failed')) THEN
    RAISE EXCEPTION 'kyc submission %: % → % is not allowed', OLD.id, OLD.status, NEW.status USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF (NEW.user_id, NEW.name, NEW.id_type, NEW.id_number, NEW.front_upload_id, NEW.back_upload_id, NEW.submitted_at)
     IS DISTINCT FROM (OLD.user_id, OLD.name, OLD.id_type, OLD.id_number, OLD.front_upload_id, OLD.back_upload_id, OLD.submitted_at) THEN
    RAISE EXCEPTION 'kyc submission %: what was submitted cannot change', OLD.id USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER kyc_submissions_review BEFORE UPDATE ON kyc_submissions FOR EACH ROW EXECUTE FUNCTION kyc_guard_review();
CREATE TRIGGER kyc_submissions_no_delete BEFORE DELETE OR TRUNCATE ON kyc_submissions FOR EACH STATEMENT EXECUTE FUNCTION audit_refuse_change();

-- The fund password is separate from the login password (argon2id as well). Wrong attempts
-- are counted since the later of the last correct one and the start of the lockout window.
ALTER TABLE users
  ADD COLUMN fund_password_hash text,
  ADD COLUMN fund_password_ok_at timestamptz;
CREATE TABLE fund_password_failures (
  id         bigserial PRIMARY KEY,
  user_id    bigint NOT NULL REFERENCES users (id),
  failed_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX fund_password_failures_by_user ON fund_password_failures (user_id, failed_at);

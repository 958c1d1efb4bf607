-- Foundation for the back office (issue 5): account restrictions as independent switches,
-- staff accounts and sessions, the append-only audit log, configuration overrides,
-- image uploads and user notifications.

-- An account may be barred from trading and from withdrawing at the same time, so the single
-- `state` column becomes four switches. The API still reports the most severe one as `state`.
ALTER TABLE users
  ADD COLUMN frozen boolean NOT NULL DEFAULT false,
  ADD COLUMN login_banned boolean NOT NULL DEFAULT false,
  ADD COLUMN trade_barred boolean NOT NULL DEFAULT false,
  ADD COLUMN withdraw_barred boolean NOT NULL DEFAULT false;
UPDATE users SET
  frozen = (state = 'frozen'),
  login_banned = (state = 'login_banned'),
  trade_barred = (state = 'trade_barred'),
  withdraw_barred = (state = 'withdraw_barred');
ALTER TABLE users DROP COLUMN state;

-- Staff are not users: they never hold money or trade, and they log in to the back office only.
CREATE TABLE staff (
  id             bigserial PRIMARY KEY,
  login          text NOT NULL UNIQUE CHECK (login ~ '^[a-z][a-z0-9._-]{2,31}$'),
  display_name   text NOT NULL CHECK (length(display_name) BETWEEN 1 AND 100),
  password_hash  text NOT NULL,
  role           text NOT NULL CHECK (role IN ('reviewer', 'operator', 'admin')),
  active         boolean NOT NULL DEFAULT true,
  created_at     timestamptz NOT NULL DEFAULT now()
);

-- As for users, only a hash of the session token is stored.
CREATE TABLE staff_sessions (
  token_hash  text PRIMARY KEY,
  staff_id    bigint NOT NULL REFERENCES staff (id),
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  ended_at    timestamptz
);
CREATE INDEX staff_sessions_by_staff ON staff_sessions (staff_id);

CREATE TABLE staff_login_failures (
  id         bigserial PRIMARY KEY,
  login      text NOT NULL,
  failed_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX staff_login_failures_by_login ON staff_login_failures (login, failed_at);

-- Every staff action, written in the transaction of the action itself. A user reads the
-- entries about their own account. staff_id is null only for actions taken from the
-- server's command line (scripts/create-staff.ts bootstrapping the first admin).
CREATE TABLE audit_log (
  id              bigserial PRIMARY KEY,
  staff_id        bigint REFERENCES staff (id),
  action          text NOT NULL CHECK (action ~ '^[a-z_]+\.[a-z_]+$'),
  target_user_id  bigint REFERENCES users (id),
  subject_kind    text NOT NULL CHECK (length(subject_kind) BETWEEN 1 AND 64),
  subject_id      text NOT NULL CHECK (length(subject_id) BETWEEN 1 AND 128),
  reason          text NOT NULL CHECK (length(reason) <= 500),
  before          jsonb,
  after           jsonb,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_by_target ON audit_log (target_user_id, id DESC) WHERE target_user_id IS NOT NULL;
CREATE INDEX audit_log_by_action ON audit_log (action, id DESC);

CREATE FUNCTION audit_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP
    USING ERRCODE = 'integrity_constraint_violation';
END $$;

CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_refuse_change();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_refuse_change();

-- Overrides of the configuration registry (server/settings/registry.ts). A setting without
-- a row has its default; the history of changes is in audit_log.
CREATE TABLE settings (
  name        text PRIMARY KEY CHECK (name ~ '^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$'),
  value       jsonb NOT NULL,
  updated_by  bigint REFERENCES staff (id),
  updated_at  timestamptz NOT NULL DEFAULT now()
);

-- Images users uploaded (ID photos, receipts, avatars). The file lives outside the web root
-- under a random name; this row says whose it is and what it is for.
CREATE TABLE uploads (
  id             bigserial PRIMARY KEY,
  owner_user_id  bigint NOT NULL REFERENCES users (id),
  purpose        text NOT NULL CHECK (purpose IN ('kyc_front', 'kyc_back', 'deposit_receipt', 'avatar')),
  stored_name    text NOT NULL UNIQUE CHECK (stored_name ~ '^[0-9a-f]{32}\.(jpg|png|webp)$'),
  mime           text NOT NULL CHECK (mime IN ('image/jpeg', 'image/png', 'image/webp')),
  bytes          integer NOT NULL CHECK (bytes > 0),
  width          integer NOT NULL CHECK (width > 0),
  height         integer NOT NULL CHECK (height > 0),
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX uploads_by_owner ON uploads (owner_user_id, created_at);

-- Messages to a user about events on their account. The server stores a kind and its
-- parameters; the app writes the sentence in the user's language.
CREATE TABLE notifications (
  id          bigserial PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users (id),
  kind        text NOT NULL CHECK (kind ~ '^[a-z_]{1,64}$'),
  params      jsonb NOT NULL DEFAULT '{}',
  created_at  timestamptz NOT NULL DEFAULT now(),
  read_at     timestamptz
);
CREATE INDEX notifications_by_user ON notifications (user_id, id DESC);
CREATE INDEX notifications_unread ON notifications (user_id) WHERE read_at IS NULL;

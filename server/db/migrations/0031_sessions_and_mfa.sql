-- Sessions a person can see and end, idle and absolute expiry, and a second factor (issue 16;
-- server/accounts/sessionList.ts, server/accounts/mfa*.ts).
--
-- sessions / staff_sessions gain an id the sessions page names, the device (user agent) and
-- address they were opened from, and when they were last used (idle expiry reads it). A staff
-- session opened by a staff member without a second factor is not `mfa_verified`: it may only
-- enrol (the server checks it on every admin route). Sessions from before this migration are
-- such sessions too, so staff sign in again once and enrol.
--
-- mfa_factors: one TOTP secret per person (user or staff), pending until `enabled_at`. The
-- replay guard `last_used_step` is the TOTP time step of the last code accepted: a code is
-- accepted only for a later step, so no code works twice for the same person.
-- mfa_recovery_codes: sha256 of each recovery code, single-use (`used_at`).
-- mfa_challenges: the step between a password and a code: short-lived, single-use, and a bounded
-- number of attempts (the CHECK holds the bound the code uses).

ALTER TABLE sessions
  ADD COLUMN id bigserial UNIQUE,
  ADD COLUMN last_seen_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN user_agent text NOT NULL DEFAULT '' CHECK (length(user_agent) <= 512),
  ADD COLUMN ip text NOT NULL DEFAULT '' CHECK (length(ip) <= 64);

ALTER TABLE staff_sessions
  ADD COLUMN id bigserial UNIQUE,
  ADD COLUMN last_seen_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN user_agent text NOT NULL DEFAULT '' CHECK (length(user_agent) <= 512),
  ADD COLUMN ip text NOT NULL DEFAULT '' CHECK (length(ip) <= 64),
  ADD COLUMN mfa_verified boolean NOT NULL DEFAULT false;

CREATE INDEX sessions_open_by_last_seen ON sessions (last_seen_at) WHERE ended_at IS NULL;
CREATE INDEX staff_sessions_open_by_last_seen ON staff_sessions (last_seen_at) WHERE ended_at IS NULL;

CREATE TABLE mfa_factors (
  owner_kind      text NOT NULL CHECK (owner_kind IN ('user', 'staff')),
  owner_id        bigint NOT NULL,
  secret          text NOT NULL CHECK (secret ~ '^[A-Z2-7]{32}$'),
  created_at      timestamptz NOT NULL DEFAULT now(),
  enabled_at      timestamptz,
  last_used_step  bigint,
  PRIMARY KEY (owner_kind, owner_id)
);

CREATE TABLE mfa_recovery_codes (
  owner_kind  text NOT NULL CHECK (owner_kind IN ('user', 'staff')),
  owner_id    bigint NOT NULL,
  code_hash   text NOT NULL,
  used_at     timestamptz,
  PRIMARY KEY (owner_kind, owner_id, code_hash)
);

CREATE TABLE mfa_challenges (
  challenge_hash  text PRIMARY KEY,
  owner_kind      text NOT NULL CHECK (owner_kind IN ('user', 'staff')),
  owner_id        bigint NOT NULL,
  expires_at      timestamptz NOT NULL,
  attempts        integer NOT NULL DEFAULT 0 CHECK (attempts BETWEEN 0 AND 5),
  used_at         timestamptz,
  user_agent      text NOT NULL DEFAULT '' CHECK (length(user_agent) <= 512),
  ip              text NOT NULL DEFAULT '' CHECK (length(ip) <= 64)
);
CREATE INDEX mfa_challenges_by_expiry ON mfa_challenges (expires_at);

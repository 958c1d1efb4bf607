-- Institutions and advisors issue invitation codes; every user joins through one.
CREATE TABLE institutions (
  id          bigserial PRIMARY KEY,
  name        text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  kind        text NOT NULL CHECK (kind IN ('institution', 'advisor')),
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE invitation_codes (
  code            text PRIMARY KEY CHECK (code = upper(code) AND length(code) BETWEEN 1 AND 32),
  institution_id  bigint NOT NULL REFERENCES institutions (id),
  active          boolean NOT NULL DEFAULT true,
  created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id               bigserial PRIMARY KEY,
  account          text NOT NULL UNIQUE CHECK (account ~ '^[6-9][0-9]{9}$'),
  password_hash    text NOT NULL,
  invitation_code  text NOT NULL REFERENCES invitation_codes (code),
  state            text NOT NULL DEFAULT 'active'
                   CHECK (state IN ('active', 'frozen', 'login_banned', 'trade_barred', 'withdraw_barred')),
  created_at       timestamptz NOT NULL DEFAULT now()
);

-- Only a hash of the session token is stored: a leaked table cannot be replayed.
CREATE TABLE sessions (
  token_hash  text PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users (id),
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  ended_at    timestamptz
);
CREATE INDEX sessions_by_user ON sessions (user_id);

CREATE TABLE login_failures (
  id         bigserial PRIMARY KEY,
  account    text NOT NULL,
  failed_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_by_account ON login_failures (account, failed_at);

CREATE TABLE site_config (
  name        text PRIMARY KEY,
  value       text NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now()
);
INSERT INTO site_config (name, value) VALUES
  ('title', 'Ledgerline'),
  ('logo', ''),
  ('kefu', '#/home/kefuCenter'),
  ('broker_registration_number', ''),
  ('currency', 'INR');

CREATE TABLE watchlist_items (
  user_id   bigint NOT NULL REFERENCES users (id),
  symbol    text NOT NULL,
  added_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, symbol)
);

-- The ledger. A balance is the sum of an account's postings; nothing else stores money.
CREATE TABLE ledger_accounts (
  id              bigserial PRIMARY KEY,
  code            text NOT NULL UNIQUE,
  kind            text NOT NULL,
  user_id         bigint REFERENCES users (id),
  -- Source accounts (demo funding, deposit clearing) go negative by design; user accounts never do.
  allow_negative  boolean NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, kind)
);

CREATE TABLE ledger_transfers (
  id                   bigserial PRIMARY KEY,
  idempotency_key      text NOT NULL UNIQUE CHECK (length(idempotency_key) BETWEEN 8 AND 128),
  kind                 text NOT NULL,
  reason               text NOT NULL CHECK (length(reason) BETWEEN 1 AND 500),
  request_fingerprint  text NOT NULL,
  user_id              bigint REFERENCES users (id),
  created_at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_transfers_by_user ON ledger_transfers (user_id, id);

CREATE TABLE ledger_postings (
  id            bigserial PRIMARY KEY,
  transfer_id   bigint NOT NULL REFERENCES ledger_transfers (id),
  account_id    bigint NOT NULL REFERENCES ledger_accounts (id),
  amount_paise  bigint NOT NULL CHECK (amount_paise <> 0),
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_postings_by_account ON ledger_postings (account_id);
CREATE INDEX ledger_postings_by_transfer ON ledger_postings (transfer_id);

-- Postings and transfers are append-only: a correction is a new, reversing transfer.
CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger rows are append-only: % on % refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'integrity_constraint_violation';
END $$;

CREATE TRIGGER ledger_postings_append_only BEFORE UPDATE OR DELETE ON ledger_postings
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER ledger_postings_no_truncate BEFORE TRUNCATE ON ledger_postings
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER ledger_transfers_append_only BEFORE UPDATE OR DELETE ON ledger_transfers
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER ledger_transfers_no_truncate BEFORE TRUNCATE ON ledger_transfers
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();

-- The service checks that a transfer balances; the database checks it again. All the
-- postings of a transfer are written by one INSERT, so a statement-level check sees them all.
CREATE FUNCTION ledger_check_transfers_balance() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  unbalanced bigint;
BEGIN
  SELECT p.transfer_id INTO unbalanced
    FROM ledger_postings p
   WHERE p.transfer_id IN (SELECT DISTINCT transfer_id FROM inserted_postings)
   GROUP BY p.transfer_id
  HAVING sum(p.amount_paise) <> 0 OR count(*) < 2
   LIMIT 1;
  IF unbalanced IS NOT NULL THEN
    RAISE EXCEPTION 'ledger transfer % does not balance to zero', unbalanced
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER ledger_postings_balance AFTER INSERT ON ledger_postings
  REFERENCING NEW TABLE AS inserted_postings
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_check_transfers_balance();

-- Funding (issue 5): bank cards, wallet addresses, the firm's deposit channels, deposits
-- and withdrawals. Money itself never lives here: a deposit or withdrawal row records a
-- request and its review, and points at the ledger transfers that moved the money.
-- What a row may become is checked here as well as in the service.

-- A user's own bank accounts, where withdrawals are paid. Removing one only marks it
-- deleted: the withdrawals paid to it keep pointing at it.
CREATE TABLE bank_cards (
  id           bigserial PRIMARY KEY,
  user_id      bigint NOT NULL REFERENCES users (id),
  holder_name  text NOT NULL CHECK (length(holder_name) BETWEEN 1 AND 100),
  account_no   text NOT NULL CHECK (account_no ~ '^[0-9]{9,18}$'),
  bank_name    text NOT NULL CHECK (length(bank_name) BETWEEN 1 AND 100),
  branch       text NOT NULL CHECK (length(branch) BETWEEN 1 AND 100),
  bank_code    text NOT NULL CHECK (length(bank_code) BETWEEN 1 AND 32),
  ifsc         text NOT NULL CHECK (ifsc ~ '^[A-Z]{4}0[A-Z0-9]{6}$'),
  created_at   timestamptz NOT NULL DEFAULT now(),
  deleted_at   timestamptz
);
CREATE UNIQUE INDEX bank_cards_one_live_per_account ON bank_cards (user_id, account_no, ifsc) WHERE deleted_at IS NULL;
CREATE INDEX bank_cards_by_user ON bank_cards (user_id, id);

-- A card's details never change; the only change is being deleted, once.
CREATE FUNCTION bank_cards_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.user_id, NEW.holder_name, NEW.account_no, NEW.bank_name, NEW.branch, NEW.bank_code, NEW.ifsc, NEW.created_at)
     IS DISTINCT FROM (OLD.user_id, OLD.holder_name, OLD.account_no, OLD.bank_name, OLD.branch, OLD.bank_code, OLD.ifsc, OLD.created_at)
     OR OLD.deleted_at IS NOT NULL OR NEW.deleted_at IS NULL THEN
    RAISE EXCEPTION 'bank card %: only deleting it once is allowed', OLD.id USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER bank_cards_change BEFORE UPDATE ON bank_cards FOR EACH ROW EXECUTE FUNCTION bank_cards_guard();
CREATE TRIGGER bank_cards_no_delete BEFORE DELETE OR TRUNCATE ON bank_cards FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();

-- One wallet address per user; saving another replaces it.
CREATE TABLE wallet_addresses (
  user_id     bigint PRIMARY KEY REFERENCES users (id),
  type        text NOT NULL CHECK (type IN ('USDT-TRC20', 'USDT-ERC20')),
  address     text NOT NULL CHECK (address ~ '^(T[1-9A-HJ-NP-Za-km-z]{33}|0x[0-9a-fA-F]{40})$'),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  CHECK ((type = 'USDT-TRC20') = (address LIKE 'T%'))
);

-- The firm's own collection accounts users pay into, kept by operators (audited).
CREATE TABLE deposit_channels (
  id            bigserial PRIMARY KEY,
  name          text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  bank_name     text NOT NULL CHECK (length(bank_name) BETWEEN 1 AND 100),
  account_name  text NOT NULL CHECK (length(account_name) BETWEEN 1 AND 100),
  account_no    text NOT NULL CHECK (account_no ~ '^[0-9]{9,18}$'),
  ifsc          text NOT NULL CHECK (ifsc ~ '^[A-Z]{4}0[A-Z0-9]{6}$'),
  branch        text NOT NULL CHECK (length(branch) BETWEEN 1 AND 100),
  upi_id        text CHECK (length(upi_id) BETWEEN 1 AND 100),
  note          text NOT NULL DEFAULT '' CHECK (length(note) <= 500),
  active        boolean NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE TRIGGER deposit_channels_no_delete BEFORE DELETE OR TRUNCATE ON deposit_channels FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();

-- A deposit the user reports (amount, channel, bank reference, receipt) and its review:
-- pending → approved | rejected, once. Approval is one ledger transfer, named here.
CREATE TABLE deposits (
  id                 bigserial PRIMARY KEY,
  user_id            bigint NOT NULL REFERENCES users (id),
  idempotency_key    text NOT NULL CHECK (length(idempotency_key) BETWEEN 8 AND 128),
  channel_id         bigint NOT NULL REFERENCES deposit_channels (id),
  amount_paise       bigint NOT NULL CHECK (amount_paise > 0),
  reference          text NOT NULL CHECK (length(reference) BETWEEN 1 AND 64),
  receipt_upload_id  bigint NOT NULL REFERENCES uploads (id),
  status             text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  review_reason      text CHECK (length(review_reason) BETWEEN 1 AND 500),
  reviewed_by        bigint REFERENCES staff (id),
  reviewed_at        timestamptz,
  transfer_id        bigint REFERENCES ledger_transfers (id),
  created_at         timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, idempotency_key),
  CHECK ((status = 'pending') = (reviewed_by IS NULL AND reviewed_at IS NULL AND review_reason IS NULL)),
  CHECK ((status = 'approved') = (transfer_id IS NOT NULL))
);
CREATE UNIQUE INDEX deposits_one_pending_per_user ON deposits (user_id) WHERE status = 'pending';
CREATE INDEX deposits_by_user ON deposits (user_id, id DESC);
CREATE INDEX deposits_by_status ON deposits (status, id DESC);

CREATE FUNCTION deposits_guard_review() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT (OLD.status = 'pending' AND NEW.status IN ('approved', 'rejected')) THEN
    RAISE EXCEPTION 'deposit %: % → % is not allowed', OLD.id, OLD.status, NEW.status USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF (NEW.user_id, NEW.idempotency_key, NEW.channel_id, NEW.amount_paise, NEW.reference, NEW.receipt_upload_id, NEW.created_at)
     IS DISTINCT FROM (OLD.user_id, OLD.idempotency_key, OLD.channel_id, OLD.amount_paise, OLD.reference, OLD.receipt_upload_id, OLD.created_at) THEN
    RAISE EXCEPTION 'deposit %: what was reported cannot change', OLD.id USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER deposits_review BEFORE UPDATE ON deposits FOR EACH ROW EXECUTE FUNCTION deposits_guard_review();
CREATE TRIGGER deposits_no_delete BEFORE DELETE OR TRUNCATE ON deposits FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();

-- A withdrawal: requested (its amount held in frozen), then reviewed. pending → paid |
-- rejected; above the four-eyes amount pending → first_approved → paid | rejected, and the
-- one who pays it is not the one who first approved it.
CREATE TABLE withdrawals (
  id                  bigserial PRIMARY KEY,
  user_id             bigint NOT NULL REFERENCES users (id),
  idempotency_key     text NOT NULL CHECK (length(idempotency_key) BETWEEN 8 AND 128),
  card_id             bigint NOT NULL REFERENCES bank_cards (id),
  amount_paise        bigint NOT NULL CHECK (amount_paise > 0),
  status              text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'first_approved', 'paid', 'rejected')),
  hold_transfer_id    bigint NOT NULL REFERENCES ledger_transfers (id),
  first_approved_by   bigint REFERENCES staff (id),
  first_approved_at   timestamptz,
  review_reason       text CHECK (length(review_reason) BETWEEN 1 AND 500),
  first_approval_reason text CHECK (length(first_approval_reason) BETWEEN 1 AND 500),
  bank_reference      text CHECK (length(bank_reference) BETWEEN 1 AND 64),
  reviewed_by         bigint REFERENCES staff (id),
  reviewed_at         timestamptz,
  -- The payout (paid) or the release back to available (rejected).
  settle_transfer_id  bigint REFERENCES ledger_transfers (id),
  created_at          timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, idempotency_key),
  CHECK ((first_approved_by IS NULL) = (first_approved_at IS NULL)),
  CHECK ((status IN ('pending', 'first_approved')) = (reviewed_by IS NULL AND reviewed_at IS NULL AND settle_transfer_id IS NULL AND review_reason IS NULL)),
  CHECK (status <> 'first_approved' OR first_approved_by IS NOT NULL),
  CHECK ((status = 'paid') = (bank_reference IS NOT NULL)),
  CHECK (status <> 'paid' OR first_approved_by IS NULL OR reviewed_by <> first_approved_by)
);
CREATE UNIQUE INDEX withdrawals_one_open_per_user ON withdrawals (user_id) WHERE status IN ('pending', 'first_approved');
CREATE INDEX withdrawals_by_user ON withdrawals (user_id, id DESC);
CREATE INDEX withdrawals_by_status ON withdrawals (status, id DESC);
CREATE INDEX withdrawals_open_by_card ON withdrawals (card_id) WHERE status IN ('pending', 'first_approved');

CREATE FUNCTION withdrawals_guard_review() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT ((OLD.status = 'pending' AND NEW.status IN ('first_approved', 'paid', 'rejected'))
       OR (OLD.status = 'first_approved' AND NEW.status IN ('paid', 'rejected'))) THEN
    RAISE EXCEPTION 'withdrawal %: % → % is not allowed', OLD.id, OLD.status, NEW.status USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF (NEW.user_id, NEW.idempotency_key, NEW.card_id, NEW.amount_paise, NEW.hold_transfer_id, NEW.created_at)
     IS DISTINCT FROM (OLD.user_id, OLD.idempotency_key, OLD.card_id, OLD.amount_paise, OLD.hold_transfer_id, OLD.created_at) THEN
    RAISE EXCEPTION 'withdrawal %: what was requested cannot change', OLD.id USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF OLD.status = 'first_approved' AND (NEW.first_approved_by, NEW.first_approved_at, NEW.first_approval_reason)
     IS DISTINCT FROM (OLD.first_approved_by, OLD.first_approved_at, OLD.first_approval_reason) THEN
    RAISE EXCEPTION 'withdrawal %: the first approval cannot change', OLD.id USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER withdrawals_review BEFORE UPDATE ON withdrawals FOR EACH ROW EXECUTE FUNCTION withdrawals_guard_review();
CREATE TRIGGER withdrawals_no_delete BEFORE DELETE OR TRUNCATE ON withdrawals FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();

-- A card with a withdrawal in progress stays: the payout needs it.
CREATE FUNCTION bank_cards_guard_open_withdrawal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.deleted_at IS NOT NULL AND EXISTS (SELECT 1 FROM withdrawals w WHERE w.card_id = NEW.id AND w.status IN ('pending', 'first_approved')) THEN
    RAISE EXCEPTION 'bank card %: a withdrawal to it is in progress', NEW.id USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER bank_cards_open_withdrawal BEFORE UPDATE ON bank_cards FOR EACH ROW EXECUTE FUNCTION bank_cards_guard_open_withdrawal();

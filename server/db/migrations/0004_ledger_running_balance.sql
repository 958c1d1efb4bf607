-- A running balance on each ledger account, kept by the database from the postings alone.
--
-- Summing an account's postings costs more with every trade it has made; the order writer
-- reads and locks the balances of a whole batch of accounts at once and needs that to stay
-- cheap. The balance is still nothing but the sum of the account's immutable postings: a
-- statement trigger on ledger_postings adds each insert's net change, and any other change
-- of the column (or of an account's identity) is refused, so no code path can set a balance.
-- The CHECK makes "a user account never goes negative" a database rule as well as a
-- service rule.

ALTER TABLE ledger_accounts ADD COLUMN balance_paise bigint NOT NULL DEFAULT 0;

UPDATE ledger_accounts a
   SET balance_paise = coalesce((SELECT sum(p.amount_paise) FROM ledger_postings p WHERE p.account_id = a.id), 0);

ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_guarded_not_negative CHECK (allow_negative OR balance_paise >= 0);

-- The balance check of 0001 joined the whole postings table against each insert, so every
-- batch paid for all history. It now reads the inserted rows, plus one index probe per
-- transfer to make sure no other statement ever added legs to the same transfer.
CREATE OR REPLACE FUNCTION ledger_check_transfers_balance() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  unbalanced bigint;
BEGIN
  SELECT i.transfer_id INTO unbalanced
    FROM (SELECT transfer_id, sum(amount_paise) AS total, count(*) AS legs FROM inserted_postings GROUP BY transfer_id) i
   WHERE i.total <> 0 OR i.legs < 2
      OR (SELECT count(*) FROM ledger_postings p WHERE p.transfer_id = i.transfer_id) <> i.legs
   LIMIT 1;
  IF unbalanced IS NOT NULL THEN
    RAISE EXCEPTION 'ledger transfer % does not balance to zero', unbalanced
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NULL;
END $$;

-- The accounts are locked in id order before the update, which would otherwise take them in
-- whatever order its join produces: two transactions crediting the same firm accounts
-- would then deadlock.
CREATE FUNCTION ledger_apply_postings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM ledger_accounts WHERE id IN (SELECT account_id FROM inserted_postings) ORDER BY id FOR NO KEY UPDATE;
  UPDATE ledger_accounts a
     SET balance_paise = a.balance_paise + d.delta
    FROM (SELECT account_id, sum(amount_paise) AS delta FROM inserted_postings GROUP BY account_id) d
   WHERE a.id = d.account_id;
  RETURN NULL;
END $$;

CREATE TRIGGER ledger_postings_apply AFTER INSERT ON ledger_postings
  REFERENCING NEW TABLE AS inserted_postings
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_apply_postings();

-- Only ledger_apply_postings (a trigger, so depth ≥ 2 here) may move a balance; an
-- account's code, kind, owner and sign rule never change.
CREATE FUNCTION ledger_guard_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.id, NEW.code, NEW.kind, NEW.user_id, NEW.allow_negative, NEW.created_at)
     IS DISTINCT FROM (OLD.id, OLD.code, OLD.kind, OLD.user_id, OLD.allow_negative, OLD.created_at) THEN
    RAISE EXCEPTION 'ledger account %: its identity cannot change', OLD.id USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF NEW.balance_paise IS DISTINCT FROM OLD.balance_paise AND pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'ledger account %: a balance changes only by postings', OLD.id USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER ledger_accounts_guard BEFORE UPDATE ON ledger_accounts FOR EACH ROW EXECUTE FUNCTION ledger_guard_account();
CREATE TRIGGER ledger_accounts_no_delete BEFORE DELETE OR TRUNCATE ON ledger_accounts FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();

-- Every user gets a margin account at registration from now on; existing users get theirs here,
-- so the order writer never has to open an account inside a batch.
INSERT INTO ledger_accounts (code, kind, user_id, allow_negative)
SELECT 'user:' || u.id || ':margin', 'user_margin', u.id, false
  FROM users u
 WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.user_id = u.id AND a.kind = 'user_margin');

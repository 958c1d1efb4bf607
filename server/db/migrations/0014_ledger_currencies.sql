-- Every amount carries its currency. An account holds one currency; a posting names the
-- currency it moves, which must be its account's; a transfer balances to zero in each
-- currency it touches, so nothing adds rupees to won. Amounts stay integers in the minor
-- unit of their currency (the *_paise columns of the ledger hold paise for INR accounts,
-- whole won for KRW ones: the currency column says which). Every account and posting that
-- existed before this was in rupees, and is marked so.

-- The minor-unit scale of each currency; contract/currencies.ts holds the same table and a
-- test keeps the two equal.
CREATE TABLE ledger_currencies (
  code   text PRIMARY KEY CHECK (code ~ '^[A-Z]{3}$'),
  scale  smallint NOT NULL CHECK (scale IN (0, 2))
);
INSERT INTO ledger_currencies (code, scale) VALUES
  ('INR', 2), ('CNY', 2), ('TWD', 2), ('HKD', 2), ('USD', 2), ('THB', 2), ('MYR', 2),
  ('JPY', 0), ('KRW', 0), ('VND', 0);
CREATE TRIGGER ledger_currencies_append_only BEFORE UPDATE OR DELETE ON ledger_currencies
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();

-- A default only to mark the existing rows; new rows must say their currency.
ALTER TABLE ledger_accounts ADD COLUMN currency text NOT NULL DEFAULT 'INR' REFERENCES ledger_currencies (code);
ALTER TABLE ledger_accounts ALTER COLUMN currency DROP DEFAULT;
-- A user holds each kind of account once per currency.
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_user_id_kind_key;
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_user_kind_currency_key UNIQUE (user_id, kind, currency);

-- An account's currency never changes: its postings were made in it.
CREATE FUNCTION ledger_accounts_keep_currency() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.currency IS DISTINCT FROM OLD.currency THEN
    RAISE EXCEPTION 'ledger account %: its currency cannot change', OLD.id USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER ledger_accounts_currency_fixed BEFORE UPDATE OF currency ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_accounts_keep_currency();

ALTER TABLE ledger_postings ADD COLUMN currency text NOT NULL DEFAULT 'INR';
ALTER TABLE ledger_postings ALTER COLUMN currency DROP DEFAULT;

-- A transfer balances per currency: grouped by (transfer, currency), each sum is zero.
CREATE OR REPLACE FUNCTION ledger_check_transfers_balance() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  unbalanced bigint;
BEGIN
  SELECT i.transfer_id INTO unbalanced
    FROM (SELECT transfer_id, sum(legs) AS legs, bool_or(total <> 0) AS off_balance
            FROM (SELECT transfer_id, currency, sum(amount_paise) AS total, count(*) AS legs
                    FROM inserted_postings GROUP BY transfer_id, currency) per_currency
           GROUP BY transfer_id) i
   WHERE i.off_balance OR i.legs < 2
      OR (SELECT count(*) FROM ledger_transfers t WHERE t.id = i.transfer_id) <> 1
      OR (SELECT count(*) FROM ledger_postings p WHERE p.transfer_id = i.transfer_id) <> i.legs
   LIMIT 1;
  IF unbalanced IS NOT NULL THEN
    RAISE EXCEPTION 'ledger transfer % does not exist or does not balance to zero in each currency', unbalanced
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NULL;
END $$;

-- A posting moves money in its account's currency: the balance update matches on both, so a
-- posting in another currency finds no account to update and the statement fails.
CREATE OR REPLACE FUNCTION ledger_apply_postings() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  accounts_named bigint;
  accounts_updated bigint;
BEGIN
  SELECT count(*) INTO accounts_named FROM (SELECT DISTINCT account_id, currency FROM inserted_postings) named;
  PERFORM 1 FROM ledger_accounts WHERE id IN (SELECT account_id FROM inserted_postings) ORDER BY id FOR NO KEY UPDATE;
  UPDATE ledger_accounts a
     SET balance_paise = a.balance_paise + d.delta
    FROM (SELECT account_id, currency, sum(amount_paise) AS delta FROM inserted_postings GROUP BY account_id, currency) d
   WHERE a.id = d.account_id AND a.currency = d.currency;
  GET DIAGNOSTICS accounts_updated = ROW_COUNT;
  IF accounts_updated <> accounts_named THEN
    RAISE EXCEPTION 'ledger posting names an account that does not exist or holds another currency'
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END $$;

-- An order trades and settles in its instrument's currency: its money columns are minor
-- units of it (prices stay in hundredths, as the stream sends them).
ALTER TABLE orders ADD COLUMN currency text NOT NULL DEFAULT 'INR' REFERENCES ledger_currencies (code);
ALTER TABLE orders ALTER COLUMN currency DROP DEFAULT;
CREATE FUNCTION orders_keep_currency() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.currency IS DISTINCT FROM OLD.currency THEN
    RAISE EXCEPTION 'order %: its currency cannot change', OLD.id USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER orders_currency_fixed BEFORE UPDATE OF currency ON orders FOR EACH ROW EXECUTE FUNCTION orders_keep_currency();

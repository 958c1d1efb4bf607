-- Tamper evidence for the audit log and the ledger (server/chain/). The database computes
-- every hash itself, so no code path can write an entry with a hash of its own choosing;
-- scripts/verify-chain.ts recomputes them all from a dump, independently of this SQL.
--
-- The canonical encoding of a row: each field in a fixed order, written as
-- "<octets>:<text>" (its UTF-8 length, a colon, its text form) or "~" for NULL; times are
-- epoch microseconds (so the time zone a dump was taken in does not matter) and JSON is
-- jsonb's own text form. An entry's hash is sha-256 (hex) of the previous entry's hash
-- followed by the encoding of the entry; the first entry follows 64 zeros.

CREATE FUNCTION chain_field(value text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN value IS NULL THEN '~' ELSE octet_length(value)::text || ':' || value END
$$;

CREATE FUNCTION chain_micros(at timestamptz) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT (extract(epoch FROM at) * 1000000)::bigint::text
$$;

CREATE FUNCTION chain_next(previous text, encoding text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(previous || encoding, 'UTF8')), 'hex')
$$;

-- ─── The audit log: every entry chained as it is written ───────────────────────────────
-- chain_seq is gapless (1, 2, 3 …) in the order entries joined the chain, which is not
-- always id order (ids are taken before the chain's lock).
ALTER TABLE audit_log ADD COLUMN chain_seq bigint, ADD COLUMN chain_hash text;

-- The chain's head, one row: locking it serialises appends, so two staff actions at the
-- same moment cannot both follow the same entry (no fork).
CREATE TABLE audit_chain_head (
  only_row  boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  seq       bigint NOT NULL CHECK (seq >= 0),
  hash      text NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$')
);
INSERT INTO audit_chain_head (seq, hash) VALUES (0, repeat('0', 64));

CREATE FUNCTION audit_entry_encoding(entry audit_log) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT chain_field(entry.chain_seq::text) || chain_field(entry.id::text) || chain_field(entry.staff_id::text)
      || chain_field(entry.action) || chain_field(entry.target_user_id::text) || chain_field(entry.subject_kind)
      || chain_field(entry.subject_id) || chain_field(entry.reason) || chain_field(entry.before::text)
      || chain_field(entry.after::text) || chain_field(chain_micros(entry.created_at))
$$;

CREATE FUNCTION audit_chain_append() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  head audit_chain_head;
BEGIN
  SELECT * INTO head FROM audit_chain_head FOR UPDATE;
  NEW.chain_seq := head.seq + 1;
  NEW.chain_hash := chain_next(head.hash, audit_entry_encoding(NEW));
  UPDATE audit_chain_head SET seq = NEW.chain_seq, hash = NEW.chain_hash;
  RETURN NEW;
END $$;

-- The entries written before this migration join the chain in id order (the append-only
-- trigger is lifted for this one backfill, in this transaction).
ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only;
DO $$
DECLARE
  entry audit_log;
  head audit_chain_head;
BEGIN
  FOR entry IN SELECT * FROM audit_log ORDER BY id LOOP
    SELECT * INTO head FROM audit_chain_head;
    entry.chain_seq := head.seq + 1;
    entry.chain_hash := chain_next(head.hash, audit_entry_encoding(entry));
    UPDATE audit_log SET chain_seq = entry.chain_seq, chain_hash = entry.chain_hash WHERE id = entry.id;
    UPDATE audit_chain_head SET seq = entry.chain_seq, hash = entry.chain_hash;
  END LOOP;
END $$;
ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only;

ALTER TABLE audit_log
  ALTER COLUMN chain_seq SET NOT NULL,
  ALTER COLUMN chain_hash SET NOT NULL,
  ADD CONSTRAINT audit_log_chain_seq_unique UNIQUE (chain_seq),
  ADD CONSTRAINT audit_log_chain_hash_hex CHECK (chain_hash ~ '^[0-9a-f]{64}$');

CREATE TRIGGER audit_log_chain BEFORE INSERT ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_chain_append();

-- ─── The ledger: transfers sealed into a chain day by day ──────────────────────────────
-- Chaining each transfer as it is written would serialise every money movement on one
-- lock; instead the daily job seals each ended IST day's transfers (with their postings),
-- in id order, into this chain. A transfer is covered once its day is published.
CREATE TABLE ledger_chain (
  transfer_id  bigint PRIMARY KEY REFERENCES ledger_transfers (id),
  seq          bigint NOT NULL UNIQUE CHECK (seq >= 1),
  day          date NOT NULL,
  hash         text NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$')
);

CREATE TABLE ledger_chain_head (
  only_row  boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  seq       bigint NOT NULL CHECK (seq >= 0),
  hash      text NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$')
);
INSERT INTO ledger_chain_head (seq, hash) VALUES (0, repeat('0', 64));

CREATE FUNCTION ledger_transfer_encoding(transfer_id bigint, seq bigint) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT chain_field(seq::text) || chain_field(t.id::text) || chain_field(t.idempotency_key) || chain_field(t.kind)
      || chain_field(t.reason) || chain_field(t.request_fingerprint) || chain_field(t.user_id::text)
      || chain_field(chain_micros(t.created_at)) || chain_field(t.reason_kind) || chain_field(t.reason_params::text)
      || chain_field((SELECT count(*) FROM ledger_postings p WHERE p.transfer_id = t.id)::text)
      || coalesce((SELECT string_agg(chain_field(p.id::text) || chain_field(p.account_id::text) || chain_field(p.amount_paise::text)
                                     || chain_field(p.currency) || chain_field(chain_micros(p.created_at)), '' ORDER BY p.id)
                     FROM ledger_postings p WHERE p.transfer_id = t.id), '')
    FROM ledger_transfers t WHERE t.id = transfer_id
$$;

-- The seal's sequence and hash are the database's: whatever the insert says is replaced.
CREATE FUNCTION ledger_chain_append() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  head ledger_chain_head;
BEGIN
  SELECT * INTO head FROM ledger_chain_head FOR UPDATE;
  NEW.seq := head.seq + 1;
  NEW.hash := chain_next(head.hash, ledger_transfer_encoding(NEW.transfer_id, NEW.seq));
  UPDATE ledger_chain_head SET seq = NEW.seq, hash = NEW.hash;
  RETURN NEW;
END $$;

CREATE TRIGGER ledger_chain_seal BEFORE INSERT ON ledger_chain
  FOR EACH ROW EXECUTE FUNCTION ledger_chain_append();
CREATE TRIGGER ledger_chain_append_only BEFORE UPDATE OR DELETE ON ledger_chain
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER ledger_chain_no_truncate BEFORE TRUNCATE ON ledger_chain
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();

-- ─── Published roots: each ended IST day's head of each chain ──────────────────────────
-- The audit root of a day is the hash of the last entry (in chain order) written before
-- the day ended; the ledger root is the hash of the day's last sealed transfer. A day with
-- no entries repeats the previous root. Readable by anyone (chain/roots), so a copy taken
-- outside the firm pins the history: rewriting it would change a root already published.
CREATE TABLE chain_roots (
  chain         text NOT NULL CHECK (chain IN ('audit', 'ledger')),
  day           date NOT NULL,
  entries       bigint NOT NULL CHECK (entries >= 0),
  last_seq      bigint NOT NULL CHECK (last_seq >= 0),
  root_hash     text NOT NULL CHECK (root_hash ~ '^[0-9a-f]{64}$'),
  published_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (chain, day)
);
CREATE TRIGGER chain_roots_append_only BEFORE UPDATE OR DELETE ON chain_roots
  FOR EACH ROW EXECUTE FUNCTION audit_refuse_change();
CREATE TRIGGER chain_roots_no_truncate BEFORE TRUNCATE ON chain_roots
  FOR EACH STATEMENT EXECUTE FUNCTION audit_refuse_change();

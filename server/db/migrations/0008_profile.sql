-- The profile area (issue 5): nominees, the daily sign-in and the avatar. The service checks
-- every rule first and answers with its own message; these constraints and triggers hold the
-- same rules for any writer, so a bug in the service cannot break them.

-- Who receives the holdings if the account holder dies, and what share of them.
CREATE TABLE nominees (
  id            bigserial PRIMARY KEY,
  user_id       bigint NOT NULL REFERENCES users (id),
  relationship  text NOT NULL CHECK (relationship IN ('spouse', 'son', 'daughter', 'father', 'mother', 'brother', 'sister', 'other')),
  name          text NOT NULL CHECK (length(name) BETWEEN 1 AND 100 AND name = btrim(name)),
  id_type       text NOT NULL CHECK (id_type IN ('pan', 'aadhaar')),
  id_number     text NOT NULL,
  phone         text NOT NULL CHECK (phone ~ '^[6-9][0-9]{9}$'),
  share         integer NOT NULL CHECK (share BETWEEN 1 AND 100),
  created_at    timestamptz NOT NULL DEFAULT now(),
  CHECK ((id_type = 'pan' AND id_number ~ '^[A-Z]{5}[0-9]{4}[A-Z]$') OR (id_type = 'aadhaar' AND id_number ~ '^[2-9][0-9]{11}$')),
  -- The same person named twice would only split one share into two rows.
  UNIQUE (user_id, id_number)
);
CREATE INDEX nominees_by_user ON nominees (user_id, id);

-- A user's shares add up to at most 100 %. The user's row is locked first, so two
-- transactions adding nominees at once take turns and the second one sees the first's row
-- (in READ COMMITTED each statement of this function reads a fresh snapshot).
CREATE FUNCTION nominees_guard_share_total() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total integer;
  count_of_nominees integer;
BEGIN
  PERFORM 1 FROM users WHERE id = NEW.user_id FOR NO KEY UPDATE;
  SELECT coalesce(sum(share), 0), count(*) INTO total, count_of_nominees
    FROM nominees WHERE user_id = NEW.user_id AND id <> NEW.id;
  IF total + NEW.share > 100 THEN
    RAISE EXCEPTION 'nominees of user %: shares would add up to % %%', NEW.user_id, total + NEW.share
      USING ERRCODE = 'check_violation';
  END IF;
  IF count_of_nominees >= 10 THEN
    RAISE EXCEPTION 'nominees of user %: at most 10', NEW.user_id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER nominees_share_total BEFORE INSERT OR UPDATE ON nominees
  FOR EACH ROW EXECUTE FUNCTION nominees_guard_share_total();

-- One row per IST calendar day a user checked in. The day is stored as well as the instant
-- so the one-a-day rule is a primary key; the CHECK keeps the two consistent.
CREATE TABLE check_ins (
  user_id        bigint NOT NULL REFERENCES users (id),
  ist_day        date NOT NULL,
  checked_in_at  timestamptz NOT NULL,
  PRIMARY KEY (user_id, ist_day),
  CHECK (ist_day = timezone('Asia/Kolkata', checked_in_at)::date)
);

-- A check-in, once made, stays as made: a streak cannot be edited into existence.
CREATE FUNCTION check_ins_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'check_ins is append-only: % refused', TG_OP USING ERRCODE = 'integrity_constraint_violation';
END $$;
CREATE TRIGGER check_ins_append_only BEFORE UPDATE OR DELETE ON check_ins
  FOR EACH ROW EXECUTE FUNCTION check_ins_refuse_change();
CREATE TRIGGER check_ins_no_truncate BEFORE TRUNCATE ON check_ins
  FOR EACH STATEMENT EXECUTE FUNCTION check_ins_refuse_change();

-- The picture a user chose for their profile: one of their own uploads made for it.
CREATE TABLE user_avatars (
  user_id     bigint PRIMARY KEY REFERENCES users (id),
  upload_id   bigint NOT NULL REFERENCES uploads (id),
  updated_at  timestamptz NOT NULL DEFAULT now()
);

CREATE FUNCTION user_avatars_guard_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM uploads WHERE id = NEW.upload_id AND owner_user_id = NEW.user_id AND purpose = 'avatar') THEN
    RAISE EXCEPTION 'avatar of user %: upload % is not their own avatar upload', NEW.user_id, NEW.upload_id
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER user_avatars_owner BEFORE INSERT OR UPDATE ON user_avatars
  FOR EACH ROW EXECUTE FUNCTION user_avatars_guard_owner();

-- When customer service answers, shown on the customer-service centre. Empty until the firm
-- publishes its hours: the app then says they are not published rather than inventing any.
INSERT INTO site_config (name, value) VALUES ('kefu_hours', '') ON CONFLICT (name) DO NOTHING;

-- Currency exchange quotes (server/fx/). A quote fixes a rate for a user and an amount until
-- it expires; converting it spends it once, in one ledger transfer of kind 'fx_convert', and
-- records the user's idempotency key and that transfer on the row. The rules the service
-- checks are also the table's, so no other writer can store a quote that breaks them.
CREATE TABLE fx_quotes (
  id                   bigserial PRIMARY KEY,
  user_id              bigint NOT NULL REFERENCES users (id),
  from_currency        text NOT NULL REFERENCES ledger_currencies (code),
  to_currency          text NOT NULL REFERENCES ledger_currencies (code),
  -- Minor units of from_currency and of to_currency.
  amount_minor         bigint NOT NULL,
  receive_minor        bigint NOT NULL,
  -- Units of to_currency per unit of from_currency × 10^10: the quoted rate and the reference it came from.
  rate_scaled          bigint NOT NULL,
  reference_scaled     bigint NOT NULL,
  spread_bps           integer NOT NULL,
  source               text NOT NULL CHECK (source IN ('ecb', 'staff_setting', 'simulated_intraday')),
  created_at           timestamptz NOT NULL,
  expires_at           timestamptz NOT NULL,
  -- Set together, once, when the quote is converted.
  converted_at         timestamptz,
  idempotency_key      text CHECK (length(idempotency_key) BETWEEN 8 AND 128),
  transfer_id          bigint REFERENCES ledger_transfers (id),
  CONSTRAINT fx_quotes_currencies_differ CHECK (from_currency <> to_currency),
  CONSTRAINT fx_quotes_amounts_positive CHECK (amount_minor > 0 AND receive_minor > 0),
  CONSTRAINT fx_quotes_rates_positive CHECK (rate_scaled > 0 AND reference_scaled > 0),
  -- The quoted rate never beats the reference: the spread is taken off, never added.
  CONSTRAINT fx_quotes_rate_within_reference CHECK (rate_scaled <= reference_scaled),
  CONSTRAINT fx_quotes_spread_range CHECK (spread_bps BETWEEN 0 AND 9999),
  CONSTRAINT fx_quotes_expiry_after_creation CHECK (expires_at > created_at AND expires_at <= created_at + interval '1 hour'),
  CONSTRAINT fx_quotes_conversion_complete CHECK (
    (converted_at IS NULL AND idempotency_key IS NULL AND transfer_id IS NULL)
    OR (converted_at IS NOT NULL AND idempotency_key IS NOT NULL AND transfer_id IS NOT NULL AND converted_at <= expires_at)
  )
);
CREATE INDEX fx_quotes_user ON fx_quotes (user_id, id);
-- One conversion per user intent.
CREATE UNIQUE INDEX fx_quotes_user_idempotency_key ON fx_quotes (user_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
-- One transfer converts one quote.
CREATE UNIQUE INDEX fx_quotes_transfer ON fx_quotes (transfer_id) WHERE transfer_id IS NOT NULL;

-- A quote's terms never change, and a conversion, once recorded, is never undone.
CREATE FUNCTION fx_quotes_keep_terms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.user_id, NEW.from_currency, NEW.to_currency, NEW.amount_minor, NEW.receive_minor, NEW.rate_scaled, NEW.reference_scaled,
      NEW.spread_bps, NEW.source, NEW.created_at, NEW.expires_at)
     IS DISTINCT FROM
     (OLD.user_id, OLD.from_currency, OLD.to_currency, OLD.amount_minor, OLD.receive_minor, OLD.rate_scaled, OLD.reference_scaled,
      OLD.spread_bps, OLD.source, OLD.created_at, OLD.expires_at)
     OR OLD.converted_at IS NOT NULL THEN
    RAISE EXCEPTION 'fx quote %: its terms are fixed and a conversion is final', OLD.id USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER fx_quotes_terms_fixed BEFORE UPDATE ON fx_quotes FOR EACH ROW EXECUTE FUNCTION fx_quotes_keep_terms();
CREATE TRIGGER fx_quotes_not_deleted BEFORE DELETE ON fx_quotes FOR EACH ROW EXECUTE FUNCTION fx_quotes_keep_terms();

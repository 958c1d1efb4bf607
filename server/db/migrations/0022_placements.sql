-- Placements and rights issues (issue 14, docs/placements.md). Staff announce an offer of new
-- shares of a listed stock at a fixed price to those who held it at the record date, `ratio_new`
-- new shares for every `ratio_held` held. Money is in minor units of `currency` (paise for INR).
-- Whether an offer is upcoming, open or closed follows its window; what is stored is only what
-- staff or the allotment decided: scheduled → allotted | withdrawn, nothing else.
CREATE TABLE placements (
  id                    bigserial PRIMARY KEY,
  kind                  text NOT NULL CHECK (kind IN ('placement', 'rights')),
  code                  text NOT NULL CHECK (length(code) BETWEEN 1 AND 32),
  currency              text NOT NULL REFERENCES ledger_currencies (code),
  price_paise           bigint NOT NULL CHECK (price_paise > 0),
  ratio_new             integer NOT NULL CHECK (ratio_new BETWEEN 1 AND 1000),
  ratio_held            integer NOT NULL CHECK (ratio_held BETWEEN 1 AND 1000),
  lot                   integer NOT NULL CHECK (lot BETWEEN 1 AND 100000),
  -- The fewest shares one application may ask for (entitled plus additional).
  minimum_quantity      bigint NOT NULL CHECK (minimum_quantity > 0 AND minimum_quantity % lot = 0),
  record_date           date NOT NULL,
  -- The end of the record date in IST: holdings at this instant decide the entitlements.
  record_at             timestamptz NOT NULL,
  open_at               timestamptz NOT NULL,
  close_at              timestamptz NOT NULL,
  status                text NOT NULL CHECK (status IN ('scheduled', 'allotted', 'withdrawn')),
  withdrawn_reason      text CHECK (length(withdrawn_reason) BETWEEN 1 AND 500),
  -- Set once, when the entitlements were taken from the holdings at record_at.
  entitlements_taken_at timestamptz,
  allotted_at           timestamptz,
  demo                  boolean NOT NULL DEFAULT false,
  created_at            timestamptz NOT NULL DEFAULT now(),
  updated_at            timestamptz NOT NULL DEFAULT now(),
  CHECK (record_at <= open_at AND open_at < close_at),
  CHECK ((status = 'withdrawn') = (withdrawn_reason IS NOT NULL)),
  CHECK ((status = 'allotted') = (allotted_at IS NOT NULL)),
  CHECK (status <> 'allotted' OR entitlements_taken_at IS NOT NULL)
);
CREATE INDEX placements_by_close ON placements (close_at DESC, id DESC);

CREATE FUNCTION placements_guard_transition() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT (OLD.status = NEW.status AND OLD.status = 'scheduled'
       OR (OLD.status = 'scheduled' AND NEW.status IN ('allotted', 'withdrawn'))) THEN
    RAISE EXCEPTION 'placement %: % → % is not allowed', OLD.id, OLD.status, NEW.status USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF OLD.entitlements_taken_at IS NOT NULL AND (NEW.entitlements_taken_at IS DISTINCT FROM OLD.entitlements_taken_at
     OR (NEW.code, NEW.currency, NEW.price_paise, NEW.ratio_new, NEW.ratio_held, NEW.lot, NEW.record_date, NEW.record_at)
        IS DISTINCT FROM (OLD.code, OLD.currency, OLD.price_paise, OLD.ratio_new, OLD.ratio_held, OLD.lot, OLD.record_date, OLD.record_at)) THEN
    RAISE EXCEPTION 'placement %: its terms cannot change once entitlements are taken', OLD.id USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER placements_transition BEFORE UPDATE ON placements FOR EACH ROW EXECUTE FUNCTION placements_guard_transition();
CREATE TRIGGER placements_no_delete BEFORE DELETE OR TRUNCATE ON placements FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();

-- Each holder's entitlement, taken once from the holdings at the record date and never changed.
CREATE TABLE placement_entitlements (
  placement_id  bigint NOT NULL REFERENCES placements (id),
  user_id       bigint NOT NULL REFERENCES users (id),
  shares_held   bigint NOT NULL CHECK (shares_held > 0),
  entitlement   bigint NOT NULL CHECK (entitlement >= 0),
  PRIMARY KEY (placement_id, user_id)
);
CREATE TRIGGER placement_entitlements_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON placement_entitlements
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();

-- An application: `entitled_quantity` (up to the entitlement) plus `additional_quantity` asked
-- from renounced entitlements; its whole amount is held (available → frozen) while pending.
-- pending → allotted (shares, maybe fewer than asked, the rest released) | released (none) | withdrawn.
CREATE TABLE placement_applications (
  id                   bigserial PRIMARY KEY,
  placement_id         bigint NOT NULL REFERENCES placements (id),
  user_id              bigint NOT NULL REFERENCES users (id),
  idempotency_key      text NOT NULL CHECK (length(idempotency_key) BETWEEN 8 AND 128),
  entitled_quantity    bigint NOT NULL CHECK (entitled_quantity >= 0),
  additional_quantity  bigint NOT NULL CHECK (additional_quantity >= 0),
  amount_held_paise    bigint NOT NULL CHECK (amount_held_paise > 0),
  state                text NOT NULL CHECK (state IN ('pending', 'allotted', 'released', 'withdrawn')),
  quantity_allotted    bigint NOT NULL DEFAULT 0 CHECK (quantity_allotted >= 0),
  amount_paid_paise    bigint NOT NULL DEFAULT 0 CHECK (amount_paid_paise >= 0),
  amount_released_paise bigint NOT NULL DEFAULT 0 CHECK (amount_released_paise >= 0),
  -- The position the allotted shares opened (orders.id).
  order_id             bigint REFERENCES orders (id),
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, idempotency_key),
  CHECK (entitled_quantity + additional_quantity > 0),
  CHECK (quantity_allotted <= entitled_quantity + additional_quantity),
  -- Nothing is paid beyond what was held; once settled, every held paisa is paid or released.
  CHECK (state = 'pending' OR amount_paid_paise + amount_released_paise = amount_held_paise),
  CHECK (state <> 'pending' OR (quantity_allotted = 0 AND amount_paid_paise = 0 AND amount_released_paise = 0)),
  CHECK ((state = 'allotted') = (quantity_allotted > 0)),
  CHECK ((state = 'allotted') = (order_id IS NOT NULL))
);
CREATE INDEX placement_applications_by_user ON placement_applications (user_id, id DESC);
CREATE INDEX placement_applications_by_placement ON placement_applications (placement_id, id);

CREATE FUNCTION placement_applications_guard_transition() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT (OLD.state = 'pending' AND NEW.state IN ('allotted', 'released', 'withdrawn')) THEN
    RAISE EXCEPTION 'placement application %: % → % is not allowed', OLD.id, OLD.state, NEW.state USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF (NEW.placement_id, NEW.user_id, NEW.idempotency_key, NEW.entitled_quantity, NEW.additional_quantity, NEW.amount_held_paise, NEW.created_at)
     IS DISTINCT FROM (OLD.placement_id, OLD.user_id, OLD.idempotency_key, OLD.entitled_quantity, OLD.additional_quantity, OLD.amount_held_paise, OLD.created_at) THEN
    RAISE EXCEPTION 'placement application %: what was applied for cannot change', OLD.id USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER placement_applications_transition BEFORE UPDATE ON placement_applications FOR EACH ROW EXECUTE FUNCTION placement_applications_guard_transition();
CREATE TRIGGER placement_applications_no_delete BEFORE DELETE OR TRUNCATE ON placement_applications FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();

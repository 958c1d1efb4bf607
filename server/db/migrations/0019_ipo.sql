-- IPOs (issue 14): issues staff create, retail applications whose money is held in the
-- ledger (available → frozen) while the issue is open, and the published draw that allots
-- them. Money is rupees, in paise. Money itself never lives here: an application points at
-- the ledger transfers that held, released and paid its amount. What a row may become is
-- checked here as well as in the service (server/ipo/states.ts):
--   issue:       upcoming → open → closed → allotted → listed; upcoming → withdrawn
--   application: pending → withdrawn | won | not_won; won → payable → paid | waived, and
--                where payment follows the draw a winner is payable from the draw on: pending → payable

CREATE TABLE ipo_issues (
  id                         bigserial PRIMARY KEY,
  issuer                     text NOT NULL CHECK (length(issuer) BETWEEN 1 AND 120),
  code                       text NOT NULL UNIQUE CHECK (code ~ '^[A-Z0-9&_-]{1,20}$'),
  isin                       text NOT NULL CHECK (isin ~ '^IN[A-Z0-9]{9}[0-9]$'),
  sponsor_broker             text NOT NULL CHECK (length(sponsor_broker) BETWEEN 1 AND 120),
  currency                   text NOT NULL DEFAULT 'INR' CHECK (currency = 'INR'),
  -- What an application pays per share (a book-built band's upper end: retail bids at the cut-off).
  price_paise                bigint NOT NULL CHECK (price_paise > 0),
  -- The band's lower end; null for a fixed-price issue.
  price_low_paise            bigint CHECK (price_low_paise > 0 AND price_low_paise <= price_paise),
  lot                        integer NOT NULL CHECK (lot > 0),
  issue_shares               bigint NOT NULL CHECK (issue_shares > 0),
  retail_shares              bigint NOT NULL CHECK (retail_shares > 0 AND retail_shares <= issue_shares),
  open_at                    timestamptz NOT NULL,
  close_at                   timestamptz NOT NULL,
  draw_at                    timestamptz NOT NULL,
  listing_at                 timestamptz NOT NULL,
  max_applications_per_user  integer NOT NULL CHECK (max_applications_per_user BETWEEN 1 AND 100),
  -- The most one application may hold. Null while upcoming means "the setting ipo.retail_cap
  -- when the issue opens": it is fixed at opening and never changes after.
  retail_cap_paise           bigint CHECK (retail_cap_paise > 0),
  payment_after_draw         boolean NOT NULL DEFAULT false,
  public_value_source        text NOT NULL CHECK (length(public_value_source) BETWEEN 1 AND 100),
  state                      text NOT NULL DEFAULT 'upcoming'
                             CHECK (state IN ('upcoming', 'open', 'closed', 'allotted', 'listed', 'withdrawn')),
  withdrawn_reason           text CHECK (length(withdrawn_reason) BETWEEN 1 AND 500),
  -- Secret until the draw publishes it; its SHA-256 (commitment) is published when the issue opens.
  server_seed                bytea CHECK (length(server_seed) = 32),
  commitment                 text CHECK (commitment ~ '^[0-9a-f]{64}$'),
  -- Demo data seeded from a real past IPO (dates moved): labelled in the app.
  demo                       boolean NOT NULL DEFAULT false,
  -- The listing-day gain of the real IPO a demo issue copies, basis points (may be negative).
  listing_gain_bps           integer,
  opened_at                  timestamptz,
  closed_at                  timestamptz,
  drawn_at                   timestamptz,
  listed_at                  timestamptz,
  withdrawn_at               timestamptz,
  created_at                 timestamptz NOT NULL DEFAULT now(),
  updated_at                 timestamptz NOT NULL DEFAULT now(),
  CHECK (open_at < close_at AND close_at <= draw_at AND draw_at <= listing_at),
  CHECK (demo OR listing_gain_bps IS NULL),
  -- Paired assertions: each state has exactly the facts it implies.
  CHECK ((state = 'withdrawn') = (withdrawn_reason IS NOT NULL AND withdrawn_at IS NOT NULL)),
  CHECK ((state IN ('upcoming', 'withdrawn')) = (server_seed IS NULL)),
  CHECK ((server_seed IS NULL) = (commitment IS NULL)),
  CHECK ((server_seed IS NULL) = (opened_at IS NULL)),
  CHECK (state IN ('upcoming', 'withdrawn') OR retail_cap_paise IS NOT NULL),
  CHECK ((state IN ('closed', 'allotted', 'listed')) = (closed_at IS NOT NULL)),
  CHECK ((state IN ('allotted', 'listed')) = (drawn_at IS NOT NULL)),
  CHECK ((state = 'listed') = (listed_at IS NOT NULL))
);
CREATE INDEX ipo_issues_by_state ON ipo_issues (state, open_at);

-- The state machine, and what may change in each state: everything while upcoming; once
-- open, the terms are fixed (the seed, its commitment and the cap are set by the opening
-- itself) and only the close, draw and listing dates move (a documented extension).
CREATE FUNCTION ipo_issues_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT (OLD.state = NEW.state
       OR (OLD.state = 'upcoming' AND NEW.state IN ('open', 'withdrawn'))
       OR (OLD.state = 'open' AND NEW.state = 'closed')
       OR (OLD.state = 'closed' AND NEW.state = 'allotted')
       OR (OLD.state = 'allotted' AND NEW.state = 'listed')) THEN
    RAISE EXCEPTION 'ipo issue %: % → % is not allowed', OLD.id, OLD.state, NEW.state USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF NEW.id <> OLD.id OR NEW.created_at <> OLD.created_at THEN
    RAISE EXCEPTION 'ipo issue %: its identity cannot change', OLD.id USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF OLD.state <> 'upcoming' AND (NEW.issuer, NEW.code, NEW.isin, NEW.sponsor_broker, NEW.price_paise, NEW.price_low_paise, NEW.lot,
      NEW.issue_shares, NEW.retail_shares, NEW.open_at, NEW.max_applications_per_user, NEW.retail_cap_paise, NEW.payment_after_draw,
      NEW.public_value_source, NEW.server_seed, NEW.commitment, NEW.demo, NEW.opened_at)
     IS DISTINCT FROM (OLD.issuer, OLD.code, OLD.isin, OLD.sponsor_broker, OLD.price_paise, OLD.price_low_paise, OLD.lot,
      OLD.issue_shares, OLD.retail_shares, OLD.open_at, OLD.max_applications_per_user, OLD.retail_cap_paise, OLD.payment_after_draw,
      OLD.public_value_source, OLD.server_seed, OLD.commitment, OLD.demo, OLD.opened_at) THEN
    RAISE EXCEPTION 'ipo issue %: its terms cannot change once it has opened', OLD.id USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF OLD.state NOT IN ('upcoming', 'open') AND (NEW.close_at, NEW.draw_at, NEW.listing_at) IS DISTINCT FROM (OLD.close_at, OLD.draw_at, OLD.listing_at) THEN
    RAISE EXCEPTION 'ipo issue %: its dates cannot change once it has closed', OLD.id USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER ipo_issues_transition BEFORE UPDATE ON ipo_issues FOR EACH ROW EXECUTE FUNCTION ipo_issues_guard();
CREATE TRIGGER ipo_issues_no_delete BEFORE DELETE OR TRUNCATE ON ipo_issues FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();

CREATE TABLE ipo_applications (
  id                      bigserial PRIMARY KEY,
  ipo_id                  bigint NOT NULL REFERENCES ipo_issues (id),
  user_id                 bigint NOT NULL REFERENCES users (id),
  idempotency_key         text NOT NULL CHECK (length(idempotency_key) BETWEEN 8 AND 128),
  -- The issue's price and lot when applying (they cannot change after opening), kept so the
  -- amounts below are checked against them here.
  price_paise             bigint NOT NULL CHECK (price_paise > 0),
  lot                     integer NOT NULL CHECK (lot > 0),
  lots                    integer NOT NULL CHECK (lots BETWEEN 1 AND 1000000),
  amount_held_paise       bigint NOT NULL CHECK (amount_held_paise > 0),
  state                   text NOT NULL DEFAULT 'pending'
                          CHECK (state IN ('pending', 'withdrawn', 'won', 'not_won', 'payable', 'paid', 'waived')),
  shares_allotted         bigint NOT NULL DEFAULT 0 CHECK (shares_allotted >= 0),
  amount_paid_paise       bigint NOT NULL DEFAULT 0 CHECK (amount_paid_paise >= 0),
  amount_released_paise   bigint NOT NULL DEFAULT 0 CHECK (amount_released_paise >= 0),
  pseudonym               text CHECK (pseudonym ~ '^[0-9a-f]{64}$'),
  draw_rank               integer CHECK (draw_rank > 0),
  pay_by                  timestamptz,
  hold_transfer_id        bigint NOT NULL REFERENCES ledger_transfers (id),
  -- The transfer that ended the hold: the withdrawal's release, or the allotment's.
  settle_transfer_id      bigint REFERENCES ledger_transfers (id),
  withdraw_idempotency_key text CHECK (length(withdraw_idempotency_key) BETWEEN 8 AND 128),
  created_at              timestamptz NOT NULL DEFAULT now(),
  updated_at              timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, idempotency_key),
  -- Paired assertions: the amount held is the price of the shares applied; an allotment
  -- never takes more than was held, and what was held is paid, released or still held.
  CHECK (amount_held_paise = price_paise * lot * lots),
  CHECK (shares_allotted <= lot::bigint * lots AND shares_allotted % lot = 0),
  CHECK (amount_paid_paise + amount_released_paise <= amount_held_paise),
  CHECK (state NOT IN ('pending') OR (amount_paid_paise = 0 AND amount_released_paise = 0 AND shares_allotted = 0 AND settle_transfer_id IS NULL)),
  CHECK (state NOT IN ('withdrawn', 'not_won', 'waived') OR (amount_paid_paise = 0 AND amount_released_paise = amount_held_paise)),
  CHECK (state NOT IN ('withdrawn', 'not_won') OR shares_allotted = 0),
  CHECK (state NOT IN ('won', 'paid') OR (shares_allotted > 0 AND amount_paid_paise = price_paise * shares_allotted
                                          AND amount_paid_paise + amount_released_paise = amount_held_paise)),
  -- Payable: the rest was released at the draw; the price of the allotted shares stays held until paid or waived.
  CHECK (state <> 'payable' OR (shares_allotted > 0 AND amount_paid_paise = 0 AND pay_by IS NOT NULL
                                AND amount_released_paise = amount_held_paise - price_paise * shares_allotted)),
  CHECK ((state = 'withdrawn') = (withdraw_idempotency_key IS NOT NULL)),
  CHECK (state = 'pending' OR settle_transfer_id IS NOT NULL)
);
CREATE INDEX ipo_applications_by_issue ON ipo_applications (ipo_id, state);
CREATE INDEX ipo_applications_by_user ON ipo_applications (user_id, id DESC);
CREATE INDEX ipo_applications_by_user_issue ON ipo_applications (user_id, ipo_id);

CREATE FUNCTION ipo_applications_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT (OLD.state = NEW.state
       OR (OLD.state = 'pending' AND NEW.state IN ('withdrawn', 'won', 'not_won', 'payable'))
       OR (OLD.state = 'won' AND NEW.state = 'payable')
       OR (OLD.state = 'payable' AND NEW.state IN ('paid', 'waived'))) THEN
    RAISE EXCEPTION 'ipo application %: % → % is not allowed', OLD.id, OLD.state, NEW.state USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF (NEW.id, NEW.ipo_id, NEW.user_id, NEW.idempotency_key, NEW.price_paise, NEW.lot, NEW.lots, NEW.amount_held_paise, NEW.hold_transfer_id, NEW.created_at)
     IS DISTINCT FROM (OLD.id, OLD.ipo_id, OLD.user_id, OLD.idempotency_key, OLD.price_paise, OLD.lot, OLD.lots, OLD.amount_held_paise, OLD.hold_transfer_id, OLD.created_at) THEN
    RAISE EXCEPTION 'ipo application %: what was applied for cannot change', OLD.id USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF OLD.state NOT IN ('pending', 'won', 'payable') AND NEW IS DISTINCT FROM OLD THEN
    RAISE EXCEPTION 'ipo application %: a % application is final', OLD.id, OLD.state USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER ipo_applications_transition BEFORE UPDATE ON ipo_applications FOR EACH ROW EXECUTE FUNCTION ipo_applications_guard();
CREATE TRIGGER ipo_applications_no_delete BEFORE DELETE OR TRUNCATE ON ipo_applications FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();

-- The published draw of an issue: the values of draw.json (server/ipo/drawFiles.ts) and the
-- SHA-256 of each file written, so a file served later can be checked against them.
CREATE TABLE ipo_draws (
  ipo_id               bigint PRIMARY KEY REFERENCES ipo_issues (id),
  algorithm            text NOT NULL CHECK (length(algorithm) BETWEEN 1 AND 64),
  commitment           text NOT NULL CHECK (commitment ~ '^[0-9a-f]{64}$'),
  server_seed          text NOT NULL CHECK (server_seed ~ '^[0-9a-f]{64}$'),
  public_value         text NOT NULL CHECK (length(public_value) BETWEEN 1 AND 100),
  public_value_source  text NOT NULL CHECK (length(public_value_source) BETWEEN 1 AND 100),
  applications_digest  text NOT NULL CHECK (applications_digest ~ '^[0-9a-f]{64}$'),
  seed                 text NOT NULL CHECK (seed ~ '^[0-9a-f]{64}$'),
  result_digest        text NOT NULL CHECK (result_digest ~ '^[0-9a-f]{64}$'),
  applications         integer NOT NULL CHECK (applications >= 0),
  lots_applied         bigint NOT NULL CHECK (lots_applied >= 0),
  winners              integer NOT NULL CHECK (winners >= 0 AND winners <= applications),
  lots_allotted        bigint NOT NULL CHECK (lots_allotted >= 0 AND lots_allotted <= lots_applied),
  oversubscribed       boolean NOT NULL,
  -- [{"name": "draw.json", "sha256": "…"}, …]
  files                jsonb NOT NULL CHECK (jsonb_typeof(files) = 'array'),
  drawn_by             bigint REFERENCES staff (id),
  drawn_at             timestamptz NOT NULL DEFAULT now()
);
CREATE TRIGGER ipo_draws_append_only BEFORE UPDATE OR DELETE ON ipo_draws FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER ipo_draws_no_truncate BEFORE TRUNCATE ON ipo_draws FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();

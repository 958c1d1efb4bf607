-- Strategy funds and copy trading (issue 15, server/funds/). A fund trades through the same
-- order path as users, so it has an account of its own in `users` (kind 'fund': it never signs
-- in, has no invitation code, and its "account" names the fund) with the usual ledger accounts;
-- its orders are that account's orders. Money never lives in these tables: a holding and a
-- redemption point at the ledger transfers that held, converted and paid their money. Units are
-- integer ten-thousandths of a unit (*_units_e4), NAVs integer ten-thousandths of a rupee per
-- unit (*_nav_e4), money integer paise (contract/fundMath.ts is the arithmetic).
--   fund:    active → ending → ended; active → withdrawn (before anyone held units)
--   holding: pending → holding | released; holding → ended

ALTER TABLE users ADD COLUMN kind text NOT NULL DEFAULT 'person' CHECK (kind IN ('person', 'fund'));
ALTER TABLE users DROP CONSTRAINT users_account_check;
ALTER TABLE users ADD CONSTRAINT users_account_check
  CHECK ((kind = 'person' AND account ~ '^[6-9][0-9]{9}$') OR (kind = 'fund' AND account ~ '^fund-[1-9][0-9]{0,17}$'));
ALTER TABLE users ALTER COLUMN invitation_code DROP NOT NULL;
ALTER TABLE users ADD CONSTRAINT users_invitation_code_by_kind CHECK ((kind = 'person') = (invitation_code IS NOT NULL));

CREATE TABLE funds (
  id                        bigserial PRIMARY KEY,
  name                      text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  strategy                  text NOT NULL CHECK (strategy IN ('nifty50_momentum', 'large_cap_mean_reversion', 'top10_equal_weight')),
  -- The strategy's published parameters the fund runs with (contract/funds.ts strategyParameterDefaults).
  parameters                jsonb NOT NULL,
  account_user_id           bigint NOT NULL UNIQUE REFERENCES users (id),
  size_cap_paise            bigint NOT NULL CHECK (size_cap_paise > 0),
  minimum_investment_paise  bigint NOT NULL CHECK (minimum_investment_paise > 0),
  subscribe_from            timestamptz NOT NULL,
  subscribe_until           timestamptz NOT NULL,
  ends_at                   timestamptz NOT NULL,
  management_fee_bps        integer NOT NULL CHECK (management_fee_bps BETWEEN 0 AND 500),
  state                     text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'ending', 'ended', 'withdrawn')),
  -- Units outstanding: the sum of the holdings' units and units waiting to be redeemed.
  units_e4                  bigint NOT NULL DEFAULT 0 CHECK (units_e4 >= 0),
  withdrawn_reason          text CHECK (length(withdrawn_reason) BETWEEN 1 AND 500),
  -- Why staff ended the fund before its end time (null when it ended at its term).
  ended_early_reason        text CHECK (length(ended_early_reason) BETWEEN 1 AND 500),
  demo                      boolean NOT NULL DEFAULT false,
  created_at                timestamptz NOT NULL DEFAULT now(),
  updated_at                timestamptz NOT NULL DEFAULT now(),
  withdrawn_at              timestamptz,
  ending_at                 timestamptz,
  ended_at                  timestamptz,
  CHECK (minimum_investment_paise <= size_cap_paise),
  CHECK (subscribe_from < subscribe_until AND subscribe_until <= ends_at),
  -- Paired assertions: each state has exactly the facts it implies.
  CHECK ((state = 'withdrawn') = (withdrawn_reason IS NOT NULL AND withdrawn_at IS NOT NULL)),
  CHECK ((state IN ('ending', 'ended')) = (ending_at IS NOT NULL)),
  CHECK ((state = 'ended') = (ended_at IS NOT NULL)),
  CHECK (state NOT IN ('ended', 'withdrawn') OR units_e4 = 0),
  CHECK (ended_early_reason IS NULL OR state IN ('ending', 'ended'))
);

-- The state machine, and what may change: the terms only while no one holds or waits for units.
CREATE FUNCTION funds_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT (OLD.state = NEW.state
       OR (OLD.state = 'active' AND NEW.state IN ('ending', 'withdrawn'))
       OR (OLD.state = 'ending' AND NEW.state = 'ended')) THEN
    RAISE EXCEPTION 'fund %: % → % is not allowed', OLD.id, OLD.state, NEW.state USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF (NEW.id, NEW.account_user_id, NEW.created_at, NEW.demo) IS DISTINCT FROM (OLD.id, OLD.account_user_id, OLD.created_at, OLD.demo) THEN
    RAISE EXCEPTION 'fund %: its identity cannot change', OLD.id USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF (NEW.name, NEW.strategy, NEW.parameters, NEW.size_cap_paise, NEW.minimum_investment_paise, NEW.subscribe_from,
      NEW.subscribe_until, NEW.ends_at, NEW.management_fee_bps)
     IS DISTINCT FROM (OLD.name, OLD.strategy, OLD.parameters, OLD.size_cap_paise, OLD.minimum_investment_paise, OLD.subscribe_from,
      OLD.subscribe_until, OLD.ends_at, OLD.management_fee_bps)
     AND (OLD.state <> 'active' OR EXISTS (SELECT 1 FROM fund_holdings h WHERE h.fund_id = OLD.id)) THEN
    RAISE EXCEPTION 'fund %: its terms cannot change once it has subscribers', OLD.id USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER funds_no_delete BEFORE DELETE OR TRUNCATE ON funds FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();

-- One subscription and, once converted at a NAV, the units it bought.
CREATE TABLE fund_holdings (
  id                    bigserial PRIMARY KEY,
  fund_id               bigint NOT NULL REFERENCES funds (id),
  user_id               bigint NOT NULL REFERENCES users (id),
  idempotency_key       text NOT NULL CHECK (length(idempotency_key) BETWEEN 8 AND 128),
  amount_paise          bigint NOT NULL CHECK (amount_paise > 0),
  state                 text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'holding', 'ended', 'released')),
  hold_transfer_id      bigint NOT NULL REFERENCES ledger_transfers (id),
  -- The conversion (money into the fund) or the release (money back), once either happened.
  settle_transfer_id    bigint REFERENCES ledger_transfers (id),
  nav_in_e4             bigint CHECK (nav_in_e4 > 0),
  units_bought_e4       bigint NOT NULL DEFAULT 0 CHECK (units_bought_e4 >= 0),
  units_e4              bigint NOT NULL DEFAULT 0 CHECK (units_e4 >= 0),
  units_redeeming_e4    bigint NOT NULL DEFAULT 0 CHECK (units_redeeming_e4 >= 0),
  units_redeemed_e4     bigint NOT NULL DEFAULT 0 CHECK (units_redeemed_e4 >= 0),
  -- What the redeemed units paid, and their share of what the holding cost.
  redeemed_paise        bigint NOT NULL DEFAULT 0 CHECK (redeemed_paise >= 0),
  redeemed_cost_paise   bigint NOT NULL DEFAULT 0 CHECK (redeemed_cost_paise >= 0),
  -- The holding's share of the management fees the fund paid while it held units.
  fees_paise            bigint NOT NULL DEFAULT 0 CHECK (fees_paise >= 0),
  created_at            timestamptz NOT NULL DEFAULT now(),
  converted_at          timestamptz,
  ended_at              timestamptz,
  UNIQUE (user_id, idempotency_key),
  -- Paired assertions: every unit bought is held, waiting, or redeemed; the cost redeemed never exceeds the amount paid.
  CHECK (units_e4 + units_redeeming_e4 + units_redeemed_e4 = units_bought_e4),
  CHECK (redeemed_cost_paise <= amount_paise),
  CHECK ((state IN ('pending', 'released')) = (nav_in_e4 IS NULL)),
  CHECK (state NOT IN ('pending', 'released') OR (units_bought_e4 = 0 AND redeemed_paise = 0 AND fees_paise = 0)),
  CHECK ((state = 'pending') = (settle_transfer_id IS NULL)),
  CHECK (state <> 'holding' OR (converted_at IS NOT NULL AND units_bought_e4 > 0)),
  CHECK ((state IN ('ended', 'released')) = (ended_at IS NOT NULL)),
  CHECK (state <> 'ended' OR (units_e4 = 0 AND units_redeeming_e4 = 0 AND units_redeemed_e4 = units_bought_e4 AND redeemed_cost_paise = amount_paise))
);
CREATE INDEX fund_holdings_by_fund ON fund_holdings (fund_id, state, id);
CREATE INDEX fund_holdings_by_user ON fund_holdings (user_id, id DESC);

CREATE FUNCTION fund_holdings_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT (OLD.state = NEW.state
       OR (OLD.state = 'pending' AND NEW.state IN ('holding', 'released'))
       OR (OLD.state = 'holding' AND NEW.state = 'ended')) THEN
    RAISE EXCEPTION 'fund holding %: % → % is not allowed', OLD.id, OLD.state, NEW.state USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF (NEW.fund_id, NEW.user_id, NEW.idempotency_key, NEW.amount_paise, NEW.hold_transfer_id, NEW.created_at)
     IS DISTINCT FROM (OLD.fund_id, OLD.user_id, OLD.idempotency_key, OLD.amount_paise, OLD.hold_transfer_id, OLD.created_at)
     OR (OLD.state <> 'pending' AND (NEW.nav_in_e4, NEW.units_bought_e4, NEW.settle_transfer_id, NEW.converted_at)
         IS DISTINCT FROM (OLD.nav_in_e4, OLD.units_bought_e4, OLD.settle_transfer_id, OLD.converted_at)) THEN
    RAISE EXCEPTION 'fund holding %: its subscription and conversion cannot change', OLD.id USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF NEW.units_redeemed_e4 < OLD.units_redeemed_e4 OR NEW.redeemed_paise < OLD.redeemed_paise OR NEW.fees_paise < OLD.fees_paise THEN
    RAISE EXCEPTION 'fund holding %: what was redeemed or charged cannot shrink', OLD.id USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER fund_holdings_transition BEFORE UPDATE ON fund_holdings FOR EACH ROW EXECUTE FUNCTION fund_holdings_guard();
CREATE TRIGGER fund_holdings_no_delete BEFORE DELETE OR TRUNCATE ON fund_holdings FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER funds_transition BEFORE UPDATE ON funds FOR EACH ROW EXECUTE FUNCTION funds_guard();

-- Units a holder asked to redeem (paid at the next NAV) and, when a fund ends, the final payout of every holding.
CREATE TABLE fund_redemptions (
  id                  bigserial PRIMARY KEY,
  holding_id          bigint NOT NULL REFERENCES fund_holdings (id),
  fund_id             bigint NOT NULL REFERENCES funds (id),
  user_id             bigint NOT NULL REFERENCES users (id),
  kind                text NOT NULL CHECK (kind IN ('redemption', 'final')),
  idempotency_key     text NOT NULL CHECK (length(idempotency_key) BETWEEN 8 AND 128),
  units_e4            bigint NOT NULL CHECK (units_e4 > 0),
  state               text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'paid')),
  nav_e4              bigint CHECK (nav_e4 >= 0),
  amount_paise        bigint CHECK (amount_paise >= 0),
  -- Null only for a payout of nothing (a fund that lost everything): the ledger has no zero transfers.
  payout_transfer_id  bigint REFERENCES ledger_transfers (id),
  created_at          timestamptz NOT NULL DEFAULT now(),
  paid_at             timestamptz,
  UNIQUE (user_id, idempotency_key),
  CHECK ((state = 'paid') = (paid_at IS NOT NULL AND nav_e4 IS NOT NULL AND amount_paise IS NOT NULL)),
  CHECK (state = 'pending' OR (payout_transfer_id IS NULL) = (amount_paise = 0)),
  CHECK (kind = 'redemption' OR state = 'paid')
);
CREATE INDEX fund_redemptions_by_fund ON fund_redemptions (fund_id, state, id);
CREATE INDEX fund_redemptions_by_holding ON fund_redemptions (holding_id, id);
CREATE TRIGGER fund_redemptions_no_delete BEFORE DELETE OR TRUNCATE ON fund_redemptions FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();

-- Every published NAV: what it was made of, so anyone can recompute it. Minute points of recent
-- days are pruned after three days (server/funds/fundEngine.ts); each IST day's last one stays in fund_nav_days.
CREATE TABLE fund_nav_points (
  id                 bigserial PRIMARY KEY,
  fund_id            bigint NOT NULL REFERENCES funds (id),
  at                 timestamptz NOT NULL,
  cash_paise         bigint NOT NULL,
  positions_paise    bigint NOT NULL,
  accrued_fee_paise  bigint NOT NULL CHECK (accrued_fee_paise >= 0),
  net_assets_paise   bigint NOT NULL,
  units_e4           bigint NOT NULL CHECK (units_e4 >= 0),
  nav_e4             bigint NOT NULL CHECK (nav_e4 >= 0),
  -- The net assets once the subscriptions this NAV converted came in and the redemptions it paid went out: what the
  -- fund holds until the next NAV (its size cap counts it; the units outstanding are already after those flows).
  net_assets_after_paise bigint NOT NULL,
  CHECK (net_assets_paise = cash_paise + positions_paise - accrued_fee_paise)
);
CREATE INDEX fund_nav_points_by_fund ON fund_nav_points (fund_id, at DESC);

-- Each IST day's last NAV; `gross_assets_paise` (cash + positions, before the day's accrued fee) is what that day's fee is charged on.
CREATE TABLE fund_nav_days (
  fund_id             bigint NOT NULL REFERENCES funds (id),
  day                 date NOT NULL,
  at                  timestamptz NOT NULL,
  gross_assets_paise  bigint NOT NULL,
  net_assets_paise    bigint NOT NULL,
  units_e4          bigint NOT NULL CHECK (units_e4 >= 0),
  nav_e4            bigint NOT NULL CHECK (nav_e4 >= 0),
  PRIMARY KEY (fund_id, day)
);

-- Each calendar day's management fee: on that day's last gross assets, with the fraction of a paisa
-- carried to the next day (contract/fundMath.ts dailyFee), posted to the firm's fee account.
CREATE TABLE fund_fee_days (
  fund_id           bigint NOT NULL REFERENCES funds (id),
  day               date NOT NULL,
  gross_assets_paise  bigint NOT NULL,
  fee_paise         bigint NOT NULL CHECK (fee_paise >= 0),
  carry             bigint NOT NULL CHECK (carry >= 0),
  transfer_id       bigint REFERENCES ledger_transfers (id),
  created_at        timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (fund_id, day),
  CHECK ((fee_paise = 0) = (transfer_id IS NULL))
);
CREATE TRIGGER fund_fee_days_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON fund_fee_days FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();

-- VIP levels and VIP high-cap allocations (server/vip/). A user's level is computed from the
-- published thresholds (settings vip.*) and stored with the figures it came from; staff grants
-- are append-only rows with the reason the user reads. users.vip stays as the cache every
-- reader of the session uses (fee schedule, analytics): it is written only with the level.

CREATE TABLE user_vip_levels (
  user_id             bigint PRIMARY KEY REFERENCES users (id),
  level               smallint NOT NULL CHECK (level BETWEEN 0 AND 3),
  reason              text NOT NULL CHECK (reason IN ('none', 'total_assets', 'turnover', 'grant')),
  CHECK ((level = 0) = (reason = 'none')),
  total_assets_paise  bigint NOT NULL,
  turnover_90d_paise  bigint NOT NULL CHECK (turnover_90d_paise >= 0),
  computed_at         timestamptz NOT NULL
);

-- A grant stays in force until `until` (or for good) or until a later grant for the same user;
-- a grant of level 0 ends an earlier one. Rows are never changed.
CREATE TABLE vip_grants (
  id          bigserial PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users (id),
  level       smallint NOT NULL CHECK (level BETWEEN 0 AND 3),
  reason      text NOT NULL CHECK (length(reason) BETWEEN 1 AND 500),
  until       timestamptz,
  staff_id    bigint REFERENCES staff (id),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX vip_grants_by_user ON vip_grants (user_id, id DESC);
CREATE TRIGGER vip_grants_append_only BEFORE UPDATE OR DELETE ON vip_grants
  FOR EACH ROW EXECUTE FUNCTION audit_refuse_change();

-- A fixed-price allocation of a limited quantity, sold first come by commit order: a purchase
-- decrements quantity_left conditionally, and the CHECK keeps it from ever going below zero.
CREATE TABLE vip_allocations (
  id              bigserial PRIMARY KEY,
  code            text NOT NULL,
  price_paise     bigint NOT NULL CHECK (price_paise > 0),
  lot             integer NOT NULL CHECK (lot > 0),
  quantity_total  bigint NOT NULL CHECK (quantity_total > 0 AND quantity_total % lot = 0),
  quantity_left   bigint NOT NULL CHECK (quantity_left >= 0 AND quantity_left <= quantity_total),
  min_level       smallint NOT NULL CHECK (min_level BETWEEN 1 AND 3),
  per_user_max    bigint NOT NULL CHECK (per_user_max > 0),
  opens_at        timestamptz NOT NULL,
  closes_at       timestamptz NOT NULL CHECK (closes_at > opens_at),
  closed_reason   text CHECK (length(closed_reason) BETWEEN 1 AND 500),
  demo            boolean NOT NULL DEFAULT false,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX vip_allocations_by_window ON vip_allocations (closes_at DESC);

CREATE TABLE vip_purchases (
  id               bigserial PRIMARY KEY,
  allocation_id    bigint NOT NULL REFERENCES vip_allocations (id),
  user_id          bigint NOT NULL REFERENCES users (id),
  idempotency_key  text NOT NULL CHECK (length(idempotency_key) BETWEEN 8 AND 128),
  quantity         bigint NOT NULL CHECK (quantity > 0),
  price_paise      bigint NOT NULL CHECK (price_paise > 0),
  order_id         bigint REFERENCES orders (id),
  created_at       timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, idempotency_key)
);
CREATE INDEX vip_purchases_by_user ON vip_purchases (user_id, id DESC);
CREATE INDEX vip_purchases_by_allocation ON vip_purchases (allocation_id, user_id);

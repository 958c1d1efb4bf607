-- Listing day (issue 14): an allotted IPO's instrument joins the running market at its
-- opening price. The market lives in memory, so what a restart needs to list it again is
-- kept here: the price it opened at and the latest price the running market had, which a
-- restart continues from (server/ipo/listing.ts). Prices in paise.
CREATE TABLE ipo_listing_prices (
  ipo_id            bigint PRIMARY KEY REFERENCES ipo_issues (id),
  open_paise        bigint NOT NULL CHECK (open_paise > 0),
  last_paise        bigint NOT NULL CHECK (last_paise > 0),
  last_at           timestamptz NOT NULL,
  listed_at         timestamptz NOT NULL,
  CHECK (last_at >= listed_at)
);

-- Account recovery and staff-edited site content (issue 16; server/recovery/, server/notifier/,
-- server/siteConfig/, server/news/).
--
-- password_reset_codes: one row per "Forgot password?" request, whether or not the account exists
-- (user_id NULL then: the row is written all the same, so a request for an unknown number costs the
-- same work and counts against the same per-number bound). Only the code's argon2id hash is kept.
-- A code is spent by a successful reset (used_at) or by too many wrong tries (attempts), and dies
-- at expires_at; a row is never deleted, so the per-number bound counts every request.

CREATE TABLE password_reset_codes (
  id          bigserial PRIMARY KEY,
  account     text NOT NULL CHECK (length(account) BETWEEN 1 AND 32),
  user_id     bigint REFERENCES users (id),
  code_hash   text NOT NULL CHECK (code_hash LIKE '$argon2id$%'),
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL CHECK (expires_at > created_at),
  attempts    integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  used_at     timestamptz,
  CHECK (used_at IS NULL OR user_id IS NOT NULL)
);
CREATE INDEX password_reset_codes_by_account ON password_reset_codes (account, created_at DESC);

-- The demo outbox: what the notifier would have sent, kept instead of sending (demo mode and tests;
-- server/notifier/outbox.ts). A message is a kind and its parameters, never prose: the back office
-- writes the sentence. Append-only, like a provider's delivery log.
CREATE TABLE demo_outbox (
  id          bigserial PRIMARY KEY,
  recipient   text NOT NULL CHECK (length(recipient) BETWEEN 1 AND 64),
  kind        text NOT NULL CHECK (kind ~ '^[a-z_]+$'),
  params      jsonb NOT NULL CHECK (jsonb_typeof(params) = 'object'),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX demo_outbox_recent ON demo_outbox (id DESC);

-- The logo staff upload: the image itself (small, checked and re-encoded nowhere else), served from
-- /site/logo with its own type. site_config.logo then holds that address with a version.
CREATE TABLE site_logo (
  id          bigserial PRIMARY KEY,
  mime        text NOT NULL CHECK (mime IN ('image/png', 'image/jpeg', 'image/webp')),
  bytes       bytea NOT NULL CHECK (octet_length(bytes) BETWEEN 1 AND 262144),
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- News is now written, edited, previewed and unpublished by staff in the back office: an item and
-- its translations may change (every change is in the audit log with its before and after), and an
-- unpublished item leaves the readers' list and detail. Drafts are previewed in the editor before
-- they are saved, so a stored item is always a published (or unpublished) one.
ALTER TABLE news_items ADD COLUMN unpublished_at timestamptz;
ALTER TABLE news_items ADD COLUMN updated_at timestamptz;
ALTER TABLE news_item_translations ADD COLUMN updated_at timestamptz;

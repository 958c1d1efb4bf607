-- Failed sign-ins are counted per account AND source address (server/accounts/accounts.ts,
-- server/staff/staffSessions.ts): five wrong passwords from one address lock that address out of
-- that account, never the owner signing in from elsewhere. Rows from before have no source ('').
ALTER TABLE login_failures ADD COLUMN source text NOT NULL DEFAULT '' CHECK (length(source) <= 64);
CREATE INDEX login_failures_by_account_source ON login_failures (account, source, failed_at);
ALTER TABLE staff_login_failures ADD COLUMN source text NOT NULL DEFAULT '' CHECK (length(source) <= 64);
CREATE INDEX staff_login_failures_by_login_source ON staff_login_failures (login, source, failed_at);

-- Upload ids are random, so one id says nothing about how many uploads there are or which id
-- comes next: 18 decimal digits (the contract's id form, contract/paging.ts), from 60 random bits.
-- Ids already issued keep their values.
ALTER TABLE uploads ALTER COLUMN id SET DEFAULT
  (100000000000000000 + (('x' || substr(md5(gen_random_uuid()::text), 1, 15))::bit(60)::bigint % 900000000000000000));
DROP SEQUENCE IF EXISTS uploads_id_seq;

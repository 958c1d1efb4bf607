import type pg from 'pg';

// The books audited straight from the database, for tests that cannot trust the server
// they just killed.

/** Audits the books straight from the database; returns what is wrong (nothing, if all is well). */
export async function auditLedger(db: pg.Client): Promise<string[]> {
  const rows = async <Row = any>(text: string, params: unknown[] = []): Promise<Row[]> => (await db.query(text, params)).rows as Row[];
  const problems: string[] = [];
  const report = (what: string, found: unknown[]) => {
    if (found.length > 0) problems.push(`${what}: ${JSON.stringify(found.slice(0, 5))}${found.length > 5 ? ` … ${found.length} in all` : ''}`);
  };
  report(
    'transfers with fewer than 2 postings',
    await rows(`SELECT t.id, t.idempotency_key, count(p.id)::int AS postings
                  FROM ledger_transfers t LEFT JOIN ledger_postings p ON p.transfer_id = t.id
                 GROUP BY t.id HAVING count(p.id) < 2`),
  );
  // Every amount carries its currency: a transfer balances in each one, and nothing adds rupees to won.
  report(
    'transfers that do not balance in a currency',
    await rows(`SELECT transfer_id, currency, sum(amount_paise)::text AS total FROM ledger_postings
                 GROUP BY transfer_id, currency HAVING sum(amount_paise) <> 0`),
  );
  report(
    'currencies whose postings do not sum to 0',
    await rows('SELECT currency, sum(amount_paise)::text AS total FROM ledger_postings GROUP BY currency HAVING sum(amount_paise) <> 0'),
  );
  report(
    'accounts that may not go negative but are',
    await rows(`SELECT a.code, sum(p.amount_paise)::text AS balance FROM ledger_accounts a JOIN ledger_postings p ON p.account_id = a.id
                 WHERE NOT a.allow_negative GROUP BY a.id HAVING sum(p.amount_paise) < 0`),
  );
  // The users of these tests only open orders; a strategy fund's own account (users.kind 'fund') also closes and cancels.
  report('orders neither pending nor holding', await rows("SELECT o.id, o.status FROM orders o JOIN users u ON u.id = o.user_id WHERE u.kind = 'person' AND o.status NOT IN ('pending', 'holding')"));
  // Per user and currency: frozen = held by pending orders (and by withdrawals under review), margin = held by holding orders, and cash only ever left as opening fees.
  // The primary market holds money too: frozen also counts pending IPO and placement applications, and an IPO winner's
  // payment sits in the IPO escrow from the draw until the listing turns it into a position (margin). Strategy funds: a
  // subscription waiting for its NAV is frozen, a converted one left for the fund, a redemption came back. A fund's own
  // account is a trader too (frozen and margin follow its orders); its money is the funds' own audit.
  report(
    'users whose frozen or margin money differs from their open orders, or whose money does not add up',
    await rows(`
      WITH balances AS (
        SELECT a.user_id, a.currency,
               coalesce(sum(p.amount_paise) FILTER (WHERE a.kind = 'user_frozen'), 0) AS frozen,
               coalesce(sum(p.amount_paise) FILTER (WHERE a.kind = 'user_margin'), 0) AS margin,
               coalesce(sum(p.amount_paise) FILTER (WHERE a.kind IN ('user_available', 'user_frozen', 'user_margin')), 0) AS money
          FROM ledger_accounts a LEFT JOIN ledger_postings p ON p.account_id = a.id
         WHERE a.user_id IS NOT NULL GROUP BY a.user_id, a.currency),
      fund_accounts AS (SELECT id AS user_id FROM users WHERE kind = 'fund'),
      fund_flows AS (
        SELECT a.user_id, a.currency, sum(p.amount_paise) AS moved FROM ledger_transfers t JOIN ledger_postings p ON p.transfer_id = t.id
          JOIN ledger_accounts a ON a.id = p.account_id AND a.kind IN ('user_available', 'user_frozen')
         WHERE t.kind IN ('fund_subscription_convert', 'fund_redemption_payout') GROUP BY a.user_id, a.currency),
      subscribed AS (SELECT user_id, 'INR' AS currency, sum(amount_paise) AS held FROM fund_holdings WHERE state = 'pending' GROUP BY user_id),
      funded AS (
        SELECT t.user_id, a.currency, sum(p.amount_paise) AS funded FROM ledger_transfers t JOIN ledger_postings p ON p.transfer_id = t.id
          JOIN ledger_accounts a ON a.id = p.account_id AND a.kind IN ('user_available', 'user_frozen')
         -- A fee rebate the promotion's rule paid (server/promotion/) is money from outside the user's trades, like play money;
         -- so are a test's own money, an approved deposit, and (going out) a withdrawal paid from the held amount.
         WHERE t.kind IN ('demo_funding', 'promotion_rebate', 'test', 'deposit', 'withdrawal_payout') GROUP BY t.user_id, a.currency),
      withdrawing AS (SELECT user_id, 'INR' AS currency, sum(amount_paise) AS held FROM withdrawals WHERE status IN ('pending', 'first_approved') GROUP BY user_id),
      open AS (
        SELECT user_id, currency,
               coalesce(sum(frozen_paise) FILTER (WHERE status = 'pending'), 0) AS frozen,
               coalesce(sum(margin_paise) FILTER (WHERE status = 'holding'), 0) AS margin,
               coalesce(sum(open_service_fee_paise + open_tax_paise) FILTER (WHERE status = 'holding'), 0) AS fees
          FROM orders GROUP BY user_id, currency),
      applied AS (
        SELECT user_id, 'INR' AS currency, sum(held) AS held, sum(in_escrow) AS in_escrow FROM (
          SELECT a.user_id, CASE WHEN a.state = 'pending' THEN a.amount_held_paise ELSE 0 END AS held,
                 CASE WHEN i.state = 'allotted' THEN a.amount_paid_paise ELSE 0 END AS in_escrow
            FROM ipo_applications a JOIN ipo_issues i ON i.id = a.ipo_id
          UNION ALL
          SELECT user_id, CASE WHEN state = 'pending' THEN amount_held_paise ELSE 0 END, 0 FROM placement_applications) AS each_application
         GROUP BY user_id)
      SELECT b.user_id::text, b.currency, b.frozen::text, o.frozen::text AS pending_frozen, b.margin::text, o.margin::text AS holding_margin,
             b.money::text, (coalesce(f.funded, 0) - coalesce(o.fees, 0))::text AS funded_less_fees
        FROM balances b LEFT JOIN funded f ON f.user_id = b.user_id AND f.currency = b.currency
        LEFT JOIN open o ON o.user_id = b.user_id AND o.currency = b.currency
        LEFT JOIN applied ap ON ap.user_id = b.user_id AND ap.currency = b.currency
        LEFT JOIN subscribed s ON s.user_id = b.user_id AND s.currency = b.currency
        LEFT JOIN fund_flows ff ON ff.user_id = b.user_id AND ff.currency = b.currency
        LEFT JOIN withdrawing w ON w.user_id = b.user_id AND w.currency = b.currency
       WHERE b.frozen <> coalesce(o.frozen, 0) + coalesce(ap.held, 0) + coalesce(s.held, 0) + coalesce(w.held, 0) OR b.margin <> coalesce(o.margin, 0)
          OR (b.user_id NOT IN (SELECT user_id FROM fund_accounts)
              AND b.money <> coalesce(f.funded, 0) - coalesce(o.fees, 0) - coalesce(ap.in_escrow, 0) + coalesce(ff.moved, 0))`),
  );
  // A fund's units are its holders' units, and a fund that ended holds nothing.
  report(
    'funds whose units differ from their holders\' units, or that ended with money left',
    await rows(`
      SELECT f.id::text, f.state, f.units_e4::text,
             (SELECT coalesce(sum(h.units_e4 + h.units_redeeming_e4), 0) FROM fund_holdings h WHERE h.fund_id = f.id AND h.state = 'holding')::text AS held
        FROM funds f
       WHERE f.units_e4 <> (SELECT coalesce(sum(h.units_e4 + h.units_redeeming_e4), 0) FROM fund_holdings h WHERE h.fund_id = f.id AND h.state = 'holding')
          OR (f.state = 'ended' AND EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.user_id = f.account_user_id AND a.balance_paise <> 0))`),
  );
  // Every order row has exactly the transfers its status implies, and its freeze held exactly frozen_paise. An order that
  // filled as it was placed has its fill and no freeze (it never waited with money held). A position the primary market
  // opened at a fixed price (origin set: an IPO listing, a placement, a block or VIP purchase) has one open transfer
  // instead (server/trading/fixedPricePositions.ts).
  report(
    'orders whose ledger transfers do not match their status',
    await rows(`
      SELECT o.id::text, o.status,
             bool_or(t.idempotency_key = 'order:' || o.id || ':freeze') AS freeze,
             bool_or(t.idempotency_key = 'order:' || o.id || ':fill') AS fill,
             bool_or(t.idempotency_key IN ('order:' || o.id || ':cancel', 'order:' || o.id || ':close')) AS later
        FROM orders o LEFT JOIN ledger_transfers t ON t.idempotency_key LIKE 'order:' || o.id || ':%'
       GROUP BY o.id, o.origin_kind
      HAVING (o.origin_kind IS NULL AND (NOT coalesce(bool_or(t.idempotency_key IN ('order:' || o.id || ':freeze', 'order:' || o.id || ':fill')), false)
                                         OR coalesce(bool_or(t.idempotency_key = 'order:' || o.id || ':fill'), false) <> (o.filled_at IS NOT NULL)))
          OR (o.origin_kind IS NOT NULL AND NOT coalesce(bool_or(t.idempotency_key = 'order:' || o.id || ':open'), false))
          OR coalesce(bool_or(t.idempotency_key IN ('order:' || o.id || ':cancel', 'order:' || o.id || ':close')), false) <> (o.status IN ('closed', 'cancelled'))`),
  );
  // The money an order first moved is its frozen_paise: held by its freeze, or, when it filled as it was placed, taken by
  // its fill from available money.
  report(
    'orders whose hold, or whose fill as placed, did not move the order’s frozen_paise',
    await rows(`
      SELECT o.id::text, o.frozen_paise::text, t.kind, sum(p.amount_paise)::text AS moved
        FROM orders o
        JOIN ledger_transfers t ON t.idempotency_key = 'order:' || o.id || ':freeze'
          OR (t.idempotency_key = 'order:' || o.id || ':fill'
              AND NOT EXISTS (SELECT 1 FROM ledger_transfers f WHERE f.idempotency_key = 'order:' || o.id || ':freeze'))
        JOIN ledger_postings p ON p.transfer_id = t.id
        JOIN ledger_accounts a ON a.id = p.account_id AND a.kind = CASE t.kind WHEN 'order_freeze' THEN 'user_frozen' ELSE 'user_available' END
       GROUP BY o.id, t.kind
      HAVING CASE t.kind WHEN 'order_freeze' THEN sum(p.amount_paise) ELSE -sum(p.amount_paise) END <> o.frozen_paise`),
  );
  report(
    'order transfers without their order',
    await rows(`SELECT t.idempotency_key FROM ledger_transfers t
                 WHERE t.idempotency_key LIKE 'order:%' AND NOT EXISTS (SELECT 1 FROM orders o WHERE t.idempotency_key LIKE 'order:' || o.id || ':%')`),
  );
  // Money in and out: an approved deposit has its one credit, a withdrawal its one hold and, once settled, its one payout or release.
  report(
    'deposits or withdrawals whose ledger transfers do not match their status',
    await rows(`
      SELECT 'deposit' AS what, d.id::text, d.status, count(t.id)::int AS transfers FROM deposits d
        LEFT JOIN ledger_transfers t ON t.idempotency_key = 'deposit:' || d.id || ':approve'
       GROUP BY d.id HAVING count(t.id) <> (CASE WHEN d.status = 'approved' THEN 1 ELSE 0 END)
      UNION ALL
      SELECT 'withdrawal', w.id::text, w.status, count(t.id)::int FROM withdrawals w
        LEFT JOIN ledger_transfers t ON t.id = w.hold_transfer_id OR t.idempotency_key IN ('withdrawal:' || w.id || ':payout', 'withdrawal:' || w.id || ':release')
       GROUP BY w.id HAVING count(t.id) <> (CASE WHEN w.status IN ('paid', 'rejected') THEN 2 ELSE 1 END)`),
  );
  return problems;
}


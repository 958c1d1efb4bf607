-- Statement lines become a reason kind with typed parameters (contract/statementReasons.ts)
-- instead of an English sentence with raw paise: the app and the CSV write the sentence in
-- the reader's language. Every existing transfer gets its kind and parameters from what the
-- database holds: the transfer's kind and the order, deposit or withdrawal it belongs to.
-- Only two facts were kept nowhere but in the sentence (the maintenance level of a margin
-- call, the loss the firm absorbed) and the names as they were written (a deposit channel
-- may have been renamed since): those are read back from the sentence.
--
-- `reason` stays: for every earlier transfer it is the record as it was written, and the
-- ledger is append-only. New transfers leave it NULL.

ALTER TABLE ledger_transfers
  ADD COLUMN reason_kind text,
  ADD COLUMN reason_params jsonb,
  ALTER COLUMN reason DROP NOT NULL;

-- The append-only trigger refuses every UPDATE. It is off only inside this migration's
-- transaction (ALTER TABLE holds an exclusive lock on the table until commit, so no other
-- session writes meanwhile) and only these two new columns are filled.
ALTER TABLE ledger_transfers DISABLE TRIGGER ledger_transfers_append_only;

-- Orders: the transfer's key names its order ("order:<id>:<step>").
UPDATE ledger_transfers t
   SET reason_kind = CASE t.kind
         WHEN 'order_freeze' THEN 'order_margin_held'
         WHEN 'order_fill' THEN 'order_filled'
         WHEN 'order_cancel' THEN 'order_cancelled'
         WHEN 'position_close' THEN CASE o.close_reason WHEN 'margin_call' THEN 'position_closed_by_margin_call' ELSE 'position_closed' END
       END,
       reason_params = CASE t.kind
         WHEN 'order_freeze' THEN jsonb_build_object('order_no', o.id::text, 'side', o.side, 'quantity', o.quantity::text, 'code', o.code,
                                                     'amount', jsonb_build_object('amount', o.frozen_paise::text, 'currency', 'INR'))
         WHEN 'order_fill' THEN jsonb_build_object('order_no', o.id::text, 'side', o.side, 'quantity', o.quantity::text, 'code', o.code,
                                                   'price', jsonb_build_object('amount', o.fill_price_paise::text, 'currency', 'INR'))
         WHEN 'order_cancel' THEN jsonb_build_object('order_no', o.id::text,
                                                     'amount', jsonb_build_object('amount', o.frozen_paise::text, 'currency', 'INR'))
         WHEN 'position_close' THEN
           jsonb_build_object('order_no', o.id::text, 'code', o.code, 'price', jsonb_build_object('amount', o.close_price_paise::text, 'currency', 'INR'))
           || CASE WHEN o.close_reason = 'margin_call'
                THEN jsonb_build_object('maintenance_percent', substring(t.reason FROM 'fell to the ([0-9]+) % maintenance level')::integer)
                ELSE '{}'::jsonb END
           || CASE WHEN t.reason ~ '\(([0-9]+) paise\) absorbed by the firm'
                THEN jsonb_build_object('absorbed', jsonb_build_object('amount', substring(t.reason FROM '\(([0-9]+) paise\) absorbed by the firm'), 'currency', 'INR'))
                ELSE '{}'::jsonb END
       END
  FROM orders o
 WHERE t.kind IN ('order_freeze', 'order_fill', 'order_cancel', 'position_close')
   AND t.idempotency_key = 'order:' || o.id || ':' || split_part(t.idempotency_key, ':', 3);

UPDATE ledger_transfers t
   SET reason_kind = 'deposit_received',
       reason_params = jsonb_build_object(
         'deposit_id', d.id::text,
         'amount', jsonb_build_object('amount', d.amount_paise::text, 'currency', 'INR'),
         'channel', coalesce(substring(t.reason FROM '^Deposit [0-9]+ received: .* via (.*), reference '), c.name),
         'reference', d.reference)
  FROM deposits d JOIN deposit_channels c ON c.id = d.channel_id
 WHERE t.kind = 'deposit' AND d.transfer_id = t.id;

UPDATE ledger_transfers t
   SET reason_kind = 'withdrawal_held',
       reason_params = jsonb_build_object(
         'amount', jsonb_build_object('amount', w.amount_paise::text, 'currency', 'INR'),
         'bank_name', c.bank_name,
         'account_masked', '•••• ' || right(c.account_no, 4))
  FROM withdrawals w JOIN bank_cards c ON c.id = w.card_id
 WHERE t.kind = 'withdrawal_hold' AND w.hold_transfer_id = t.id;

UPDATE ledger_transfers t
   SET reason_kind = 'withdrawal_rejected',
       reason_params = jsonb_build_object(
         'withdrawal_id', w.id::text,
         'amount', jsonb_build_object('amount', w.amount_paise::text, 'currency', 'INR'),
         'note', w.review_reason)
  FROM withdrawals w
 WHERE t.kind = 'withdrawal_release' AND w.settle_transfer_id = t.id;

UPDATE ledger_transfers t
   SET reason_kind = 'withdrawal_paid',
       reason_params = jsonb_build_object(
         'withdrawal_id', w.id::text,
         'amount', jsonb_build_object('amount', w.amount_paise::text, 'currency', 'INR'),
         'bank_name', c.bank_name,
         'account_masked', '•••• ' || right(c.account_no, 4),
         'bank_reference', w.bank_reference)
  FROM withdrawals w JOIN bank_cards c ON c.id = w.card_id
 WHERE t.kind = 'withdrawal_payout' AND w.settle_transfer_id = t.id;

-- Money moved without an order or a request behind it: the demo's play money, and the
-- hand-made moves (tests, benchmarks) whose sentence was the person's own note.
UPDATE ledger_transfers t
   SET reason_kind = CASE t.kind WHEN 'demo_funding' THEN 'demo_funding' ELSE 'correction' END,
       reason_params = jsonb_build_object('amount', jsonb_build_object('amount', moved.paise::text, 'currency', 'INR'))
                       || CASE t.kind WHEN 'demo_funding' THEN '{}'::jsonb ELSE jsonb_build_object('note', t.reason) END
  FROM (SELECT transfer_id, sum(amount_paise) FILTER (WHERE amount_paise > 0) AS paise FROM ledger_postings GROUP BY transfer_id) moved
 WHERE t.kind IN ('demo_funding', 'test', 'freeze', 'unfreeze') AND moved.transfer_id = t.id;

-- The paired assertion: every transfer has a kind and none of its parameters came out empty.
-- A transfer this migration cannot explain stops it (and the server's start) loudly.
DO $$
DECLARE
  unexplained bigint;
BEGIN
  SELECT count(*) INTO unexplained FROM ledger_transfers
   WHERE reason_kind IS NULL OR reason_params IS NULL OR reason_params <> jsonb_strip_nulls(reason_params);
  IF unexplained > 0 THEN
    RAISE EXCEPTION 'statement reasons: % ledger transfers could not be given a reason kind and parameters', unexplained
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
END $$;

ALTER TABLE ledger_transfers ENABLE TRIGGER ledger_transfers_append_only;

ALTER TABLE ledger_transfers
  ALTER COLUMN reason_kind SET NOT NULL,
  ALTER COLUMN reason_params SET NOT NULL,
  ADD CONSTRAINT ledger_transfers_reason_params_object CHECK (jsonb_typeof(reason_params) = 'object' AND length(reason_kind) BETWEEN 1 AND 64);

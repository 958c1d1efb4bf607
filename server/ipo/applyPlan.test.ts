// The batch planner alone: commands in one batch see each other as if run one after another:
// a repeated key answers the earlier command of the batch, the maximum and the balance count
// the batch's own applications, and the refusals keep a single application's order.
import { describe, expect, it } from 'vitest';
import { planApplications, type QueuedApply } from './applyPlan.ts';
import type { ApplicationRow, IssueRow } from './store.ts';

const now = Date.parse('2026-11-20T06:00:00Z');
const issue = {
  id: 7n, state: 'open', open_at: new Date(now - 3_600_000), close_at: new Date(now + 3_600_000), price_paise: 10_000n, lot: 100,
  max_applications_per_user: 2, retail_cap_paise: 5_000_000n,
} as IssueRow;
const input = (available: bigint, existing: ApplicationRow[] = []) => ({
  now, settingCapPaise: 20_000_000n, issues: new Map([[7n, issue]]), availablePaise: new Map([[1n, available]]), existing,
});
const command = (idempotencyKey: string, lots = 1, ipoId = 7n): QueuedApply => ({ userId: 1n, ipoId, lots, idempotencyKey });

describe('planning a batch of applications', () => {
  it('a-repeated-key-in-the-batch-answers-the-first-and-other-terms-are-refused', () => {
    expect(planApplications(input(10_000_000n), [command('key-one-1'), command('key-one-1'), command('key-one-1', 2)])).toEqual([
      { kind: 'insert', amountPaise: 1_000_000n }, { kind: 'same_as', command: 0 }, { kind: 'refused', key: 'idempotency_key_reused' },
    ]);
  });

  it('the-maximum-and-the-balance-count-the-batch-own-applications', () => {
    expect(planApplications(input(2_500_000n), [command('key-a-0001'), command('key-b-0001', 2), command('key-c-0001'), command('key-d-0001')]).map((outcome) => outcome.kind === 'refused' ? outcome.key : outcome.kind))
      .toEqual(['insert', 'insufficient_available_balance', 'insert', 'ipo_max_applications_reached']);
  });

  it('refuses-in-a-single-application-order', () => {
    const withdrawnEarlier = { user_id: 1n, ipo_id: 7n, idempotency_key: 'old-key-01', lots: 1, state: 'withdrawn' } as ApplicationRow;
    expect(planApplications(input(0n, [withdrawnEarlier]), [
      command('old-key-01', 3), command('key-e-0001', 1, 8n), command('key-f-0001', 0), command('key-g-0001', 6), command('key-h-0001'),
    ]).map((outcome) => (outcome.kind === 'refused' ? `${outcome.key}${outcome.param ? `:${outcome.param}` : ''}` : outcome.kind))).toEqual([
      'idempotency_key_reused', 'ipo_not_found', 'ipo_not_whole_lots', 'ipo_amount_above_retail_cap:50000.00', 'insufficient_available_balance',
    ]);
    expect(planApplications({ ...input(0n), issues: new Map([[7n, { ...issue, state: 'upcoming' }]]) }, [command('key-i-0001')])).toEqual([{ kind: 'not_opened' }]);
    expect(planApplications({ ...input(0n), now: now + 7_200_000 }, [command('key-j-0001')])).toEqual([{ kind: 'refused', key: 'subscription_ended' }]);
  });
});

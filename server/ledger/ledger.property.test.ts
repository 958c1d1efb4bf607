// Proves that whatever arrives — random multi-leg transfers, overdrafts, retried and reused
// keys, one by one or all at once on many connections — the ledger stays balanced, never
// overdraws a user account, records each key at most once, and agrees with a plain model.
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { openTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { balancesOf, type Posting, type TransferCommand } from './ledger.ts';
import {
  attemptTransfer,
  closeTestDatabase,
  fingerprintOf,
  healthyLedger,
  ledgerHealth,
  move,
  netChanges,
  openTestAccounts,
  type Outcome,
  testCommand,
  transfersByKey,
} from './ledgerTestKit.ts';

let database: TestDatabase;
let db: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
});
afterAll(async () => {
  await closeTestDatabase(database);
});

/** More runs for a soak: LEDGERLINE_PROPERTY_RUNS_SCALE=10 npx vitest run … */
const runsScale = Number(process.env.LEDGERLINE_PROPERTY_RUNS_SCALE ?? 1);
const sequenceRuns = Math.max(1, Math.round(150 * runsScale));
const concurrentRuns = Math.max(1, Math.round(30 * runsScale));

// Each run opens its own accounts and keys, so runs (and fast-check's shrinking) never share state.
let runNumber = 0;

/** How often each outcome happened, to prove the generators reach every path. */
const tally = () => ({ recorded: 0, replayed: 0, idempotency_key_reused: 0, insufficient_available_balance: 0 });
const count = (counts: ReturnType<typeof tally>, outcome: Outcome) => {
  counts[outcome.kind === 'refused' ? (outcome.key as keyof typeof counts) : outcome.kind]++;
};
const expectEveryPathTaken = (counts: ReturnType<typeof tally>) => {
  for (const [path, times] of Object.entries(counts)) expect(times, path).toBeGreaterThan(0);
};

const guardedCount = 3;
const kinds = ['test', 'freeze'] as const;

interface Move {
  from: number;
  to: number;
  amountPaise: bigint;
}
interface Draft {
  keyIndex: number;
  kind: (typeof kinds)[number];
  moves: Move[];
}

// Account index guardedCount is the funding source; a move may also go from an account to itself.
const accountIndexArb = fc.integer({ min: 0, max: guardedCount });
// Small amounts usually fit a balance; large ones usually overdraw it.
const amountArb = fc.oneof(
  { arbitrary: fc.bigInt({ min: 1n, max: 1_000n }), weight: 3 },
  { arbitrary: fc.bigInt({ min: 1n, max: 100_000n }), weight: 1 },
);
const moveArb = fc.record({ from: accountIndexArb, to: accountIndexArb, amountPaise: amountArb });
const draftArb = (keyPoolSize: number): fc.Arbitrary<Draft> =>
  fc.record({
    keyIndex: fc.nat({ max: keyPoolSize - 1 }),
    kind: fc.oneof({ arbitrary: fc.constant(kinds[0]), weight: 4 }, { arbitrary: fc.constant(kinds[1]), weight: 1 }),
    moves: fc.array(moveArb, { minLength: 1, maxLength: 4 }),
  });

/** The same legs in another order: still the same transfer. */
const rotated = (postings: readonly Posting[], by: number): Posting[] => {
  const cut = by % postings.length;
  const turned = [...postings.slice(cut), ...postings.slice(0, cut)];
  return by % 2 === 1 ? turned.reverse() : turned;
};

const commandOf = (keyPrefix: string, accounts: readonly bigint[], draft: Draft): TransferCommand =>
  testCommand(
    `${keyPrefix}key-${draft.keyIndex}`,
    draft.moves.flatMap(({ from, to, amountPaise }) => move(accounts[from]!, accounts[to]!, amountPaise)),
    draft.kind,
  );

const sumPostings = (commands: readonly TransferCommand[], accounts: readonly bigint[]) => {
  const balances = new Map(accounts.map((id) => [id, 0n]));
  for (const command of commands) {
    for (const { accountId, amount } of command.postings) balances.set(accountId, balances.get(accountId)! + amount);
  }
  return balances;
};

/** A resend repeats an earlier command, its legs reordered, sometimes under the other kind. */
type Step = { type: 'send'; draft: Draft } | { type: 'resend'; pick: number; rotateBy: number; otherKind: boolean };
const sequenceKeyPool = 10;
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: draftArb(sequenceKeyPool).map((draft) => ({ type: 'send' as const, draft })), weight: 3 },
  { arbitrary: fc.record({ type: fc.constant('resend' as const), pick: fc.nat(), rotateBy: fc.nat(), otherKind: fc.boolean() }), weight: 1 },
);

it('any-sequence-of-transfers-keeps-the-ledger-balanced-and-equal-to-the-model', async () => {
  const counts = tally();
  const started = performance.now();
  await fc.assert(
    fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 40, size: 'max' }), async (steps) => {
      const run = ++runNumber;
      const keyPrefix = `seq-${run}:`;
      const { guarded, source } = await openTestAccounts(db, `seq-${run}`, guardedCount);
      const accounts = [...guarded, source];
      // The model: balances, and for every recorded key what it recorded.
      const balances = new Map(accounts.map((id) => [id, 0n]));
      const recorded = new Map<string, { fingerprint: string; transferId: bigint }>();
      const sent: TransferCommand[] = [];

      for (const step of steps) {
        let command: TransferCommand;
        if (step.type === 'send') command = commandOf(keyPrefix, accounts, step.draft);
        else {
          const earlier = sent[step.pick % Math.max(1, sent.length)];
          if (!earlier) continue;
          const kind = step.otherKind ? kinds.find((other) => other !== earlier.kind)! : earlier.kind;
          command = { ...earlier, kind, postings: rotated(earlier.postings, step.rotateBy) };
        }
        sent.push(command);
        const outcome = await attemptTransfer(db, command);
        count(counts, outcome);

        const fingerprint = fingerprintOf(command);
        const earlier = recorded.get(command.idempotencyKey);
        let expected: Outcome;
        if (earlier) {
          expected =
            earlier.fingerprint === fingerprint
              ? { kind: 'replayed', transferId: earlier.transferId }
              : { kind: 'refused', key: 'idempotency_key_reused' };
        } else {
          const net = netChanges(command.postings);
          const overdraws = guarded.some((id) => balances.get(id)! + (net.get(id) ?? 0n) < 0n);
          if (overdraws) expected = { kind: 'refused', key: 'insufficient_available_balance' };
          else {
            if (outcome.kind !== 'recorded') throw new Error(`expected ${command.idempotencyKey} recorded, got ${JSON.stringify(outcome)}`);
            expected = outcome;
            recorded.set(command.idempotencyKey, { fingerprint, transferId: outcome.transferId });
            for (const [id, delta] of net) balances.set(id, balances.get(id)! + delta);
          }
        }
        expect(outcome).toEqual(expected);

        expect(await ledgerHealth(db, accounts)).toEqual(healthyLedger());
        expect(await balancesOf(db, accounts)).toEqual(balances);
        expect(await transfersByKey(db, keyPrefix)).toEqual(
          new Map([...recorded].map(([key, { transferId }]) => [key, transferId])),
        );
      }
    }),
    // Shrinking replays runs against the database; cap it so a failure reports within the test timeout.
    { numRuns: sequenceRuns, interruptAfterTimeLimit: 40_000 },
  );
  console.info(`[${db.engine}] sequences: ${sequenceRuns} runs, ${Math.round(performance.now() - started)} ms`, counts);
  expectEveryPathTaken(counts);
});

interface ConcurrentDraft {
  draft: Draft;
  /** Extra copies of the same transfer under the same key, fired right behind it. */
  copies: number;
  rotateBy: number;
}
const concurrentKeyPool = 60;
const batchArb = fc.record({
  funding: fc.array(fc.bigInt({ min: 0n, max: 30_000n }), { minLength: guardedCount, maxLength: guardedCount }),
  drafts: fc.array(
    fc.record<ConcurrentDraft>({
      draft: draftArb(concurrentKeyPool),
      copies: fc.oneof({ arbitrary: fc.constant(0), weight: 3 }, { arbitrary: fc.integer({ min: 1, max: 3 }), weight: 1 }),
      rotateBy: fc.nat(),
    }),
    { minLength: 40, maxLength: 110, size: 'max' },
  ),
});

it('concurrent-transfers-record-each-key-once-and-never-overdraw', async () => {
  const counts = tally();
  const started = performance.now();
  await fc.assert(
    fc.asyncProperty(batchArb, async ({ funding, drafts }) => {
      const run = ++runNumber;
      const keyPrefix = `conc-${run}:`;
      const { guarded, source } = await openTestAccounts(db, `conc-${run}`, guardedCount);
      const accounts = [...guarded, source];

      // Funding first, one by one, so the concurrent batch starts from known balances.
      const fundings = funding.flatMap((amount, index) =>
        amount > 0n ? [testCommand(`${keyPrefix}fund-${index}`, move(source, guarded[index]!, amount))] : [],
      );
      for (const command of fundings) expect((await attemptTransfer(db, command)).kind).toBe('recorded');

      const commands = drafts.flatMap(({ draft, copies, rotateBy }) => {
        const command = commandOf(keyPrefix, accounts, draft);
        const retries = Array.from({ length: copies }, (_, copy) => ({ ...command, postings: rotated(command.postings, rotateBy + copy + 1) }));
        return [command, ...retries];
      });
      const outcomes = await Promise.all(commands.map((command) => attemptTransfer(db, command)));
      for (const outcome of outcomes) count(counts, outcome);

      expect(await ledgerHealth(db, accounts)).toEqual(healthyLedger());

      // Each key recorded at most once, and the database holds exactly those transfers.
      const recorded = new Map<string, { command: TransferCommand; transferId: bigint }>();
      for (const command of fundings) recorded.set(command.idempotencyKey, { command, transferId: -1n });
      const recordedTwice: string[] = [];
      commands.forEach((command, index) => {
        const outcome = outcomes[index]!;
        if (outcome.kind !== 'recorded') return;
        if (recorded.has(command.idempotencyKey)) recordedTwice.push(command.idempotencyKey);
        recorded.set(command.idempotencyKey, { command, transferId: outcome.transferId });
      });
      expect(recordedTwice).toEqual([]);
      const stored = await transfersByKey(db, keyPrefix);
      for (const command of fundings) recorded.get(command.idempotencyKey)!.transferId = stored.get(command.idempotencyKey)!;
      expect(stored).toEqual(new Map([...recorded].map(([key, { transferId }]) => [key, transferId])));

      // Every other outcome is explained by what was recorded.
      const unexplained = commands.flatMap((command, index) => {
        const outcome = outcomes[index]!;
        const winner = recorded.get(command.idempotencyKey);
        const sameTransfer = winner !== undefined && fingerprintOf(winner.command) === fingerprintOf(command);
        const explained =
          outcome.kind === 'recorded' ||
          (outcome.kind === 'replayed' && sameTransfer && outcome.transferId === winner.transferId) ||
          (outcome.kind === 'refused' && outcome.key === 'idempotency_key_reused' && winner !== undefined && !sameTransfer) ||
          (outcome.kind === 'refused' &&
            outcome.key === 'insufficient_available_balance' &&
            guarded.some((id) => (netChanges(command.postings).get(id) ?? 0n) < 0n));
        return explained ? [] : [{ command: command.idempotencyKey, outcome }];
      });
      expect(unexplained).toEqual([]);

      // The balances are a replay of exactly the recorded transfers.
      const replay = sumPostings([...recorded.values()].map(({ command }) => command), accounts);
      expect(await balancesOf(db, accounts)).toEqual(replay);
    }),
    // A concurrent failure depends on timing, so shrinking it would mostly chase passing replays.
    { numRuns: concurrentRuns, endOnFailure: true },
  );
  console.info(`[${db.engine}] concurrency: ${concurrentRuns} runs, ${Math.round(performance.now() - started)} ms`, counts);
  expectEveryPathTaken(counts);
});

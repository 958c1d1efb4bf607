// Ledger transfer throughput and latency, one durable transaction per transfer, on the
// embedded PGlite and on the real PostgreSQL server. Prints figures; asserts nothing.
// Run: npx tsx bench/ledger-transfers.ts [transfers=2000] [concurrency=16]
import { performance } from 'node:perf_hooks';
import { openLedgerAccount, transfer } from '../server/ledger/ledger.ts';
import { rupeesParam } from '../contract/statementReasons.ts';
import { openTestDatabase } from '../server/testing/testDatabase.ts';

const transferCount = Number(process.argv[2] ?? 2000);
const concurrency = Number(process.argv[3] ?? 16);
const accountCount = 200;

async function run(engine: 'pglite' | 'postgres') {
  const database = await openTestDatabase(engine);
  const { db } = database;
  const source = await openLedgerAccount(db, { code: 'bench:source', kind: 'demo_funding', currency: 'INR', allowNegative: true });
  const accounts: bigint[] = [];
  for (let index = 0; index < accountCount; index++) {
    const id = await openLedgerAccount(db, { code: `bench:user:${index}`, kind: 'user_available', currency: 'INR', allowNegative: false });
    await db.transaction((tx) =>
      transfer(tx, {
        idempotencyKey: `bench-fund-${index}`,
        kind: 'test',
        reasonKind: 'correction',
        reasonParams: { amount: rupeesParam(1_000_000_00n), note: 'bench funding' },
        postings: [
          { accountId: source, currency: 'INR', amount: -1_000_000_00n },
          { accountId: id, currency: 'INR', amount: 1_000_000_00n },
        ],
      }),
    );
    accounts.push(id);
  }
  const latenciesMs: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < transferCount) {
        const index = next++;
        const from = accounts[index % accountCount]!;
        const to = accounts[(index * 7 + 3) % accountCount]!;
        if (from === to) continue;
        const begun = performance.now();
        await db.transaction((tx) =>
          transfer(tx, {
            idempotencyKey: `bench-transfer-${index}`,
            kind: 'test',
            reasonKind: 'correction',
            reasonParams: { amount: rupeesParam(1_00n), note: 'bench transfer' },
            postings: [
              { accountId: from, currency: 'INR', amount: -1_00n },
              { accountId: to, currency: 'INR', amount: 1_00n },
            ],
          }),
        );
        latenciesMs.push(performance.now() - begun);
      }
    }),
  );
  const elapsedSeconds = (performance.now() - started) / 1000;
  latenciesMs.sort((a, b) => a - b);
  const percentile = (p: number) => latenciesMs[Math.min(latenciesMs.length - 1, Math.floor((p / 100) * latenciesMs.length))]!;
  console.log(
    `${engine.padEnd(8)} transfers=${latenciesMs.length} concurrency=${concurrency} ` +
      `throughput=${(latenciesMs.length / elapsedSeconds).toFixed(0)}/s ` +
      `p50=${percentile(50).toFixed(2)}ms p99=${percentile(99).toFixed(2)}ms`,
  );
  await database.close();
}

await run('pglite');
await run('postgres');

// Fails when a server log of the test suite holds a fixture's personal data or secret: the
// PANs, Aadhaar and bank account numbers, passwords the tests use (server/testing/fixtureSecrets.ts),
// or anything shaped like a PAN, a password hash or an unredacted token. The test servers
// write their logs to tests/output/server-logs/ (server/testing/testLogs.ts, tests/e2e/harness.ts);
// scripts/test.sh runs this after vitest. Run with `node --import tsx scripts/check-logs.mjs`.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixtureIdentifiers, forbiddenLogPatterns } from '../server/testing/fixtureSecrets.ts';

const logDir = process.argv[2] ?? 'tests/output/server-logs';
if (!existsSync(logDir)) {
  console.error(`check-logs: no server logs in ${logDir}; did the suite run?`);
  process.exit(1);
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// Whole values only: "246810" inside a response time such as 3.2468101 is not a fund password.
const identifierPatterns = fixtureIdentifiers.map((identifier) => ({ name: `fixture identifier ${identifier.slice(0, 3)}…`, pattern: new RegExp(`(?<![\\w.])${escape(identifier)}(?![\\w.])`) }));
const patterns = [...identifierPatterns, ...forbiddenLogPatterns];

let lines = 0;
const findings = [];
const files = readdirSync(logDir).filter((name) => name.endsWith('.log'));
for (const name of files) {
  const text = readFileSync(join(logDir, name), 'utf8');
  text.split('\n').forEach((line, index) => {
    if (line.length === 0) return;
    lines += 1;
    for (const { name: what, pattern } of patterns) if (pattern.test(line)) findings.push(`${name}:${index + 1}: ${what}`);
  });
}
console.log(`check-logs: ${files.length} files, ${lines} lines, ${findings.length} findings`);
if (findings.length > 0) {
  // The place and the kind only: printing the line would copy the secret into the CI log.
  for (const finding of findings.slice(0, 50)) console.error(`  ${finding}`);
  process.exit(1);
}

// Checks a downloaded statement's Ed25519 signature offline (docs/statements.md).
//   npx tsx scripts/verify-statement.ts statement.csv --key statement-key.pem
//   npx tsx scripts/verify-statement.ts statement.pdf --key statement-key.pem
//   npx tsx scripts/verify-statement.ts statement.csv --sig statement.csv.sig --key statement-key.pem  (a detached signature, base64)
// The public key is on the app's About page (and answers statement/publicKey); without --key the
// key of this installation is used (STATEMENT_SIGNING_KEY, else the generated key file).
// Exits 0 when the signature holds, 1 when it does not.
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { readConfig } from '../server/config.ts';
import { loadStatementSigner, parsePublicKey, verifyStatementFile } from '../server/statements/signing.ts';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { key: { type: 'string' }, sig: { type: 'string' } } });
const [file] = positionals;
if (!file) {
  console.error('usage: npx tsx scripts/verify-statement.ts <statement.csv|statement.pdf> [--sig file.sig] [--key public.pem]');
  process.exit(2);
}
const publicKeyPem = values.key ? await readFile(values.key, 'utf8') : (await loadStatementSigner(process.env, readConfig().statementKeyFile)).publicKeyPem;
const detached = values.sig ? (await readFile(values.sig, 'utf8')).trim() : undefined;
const check = verifyStatementFile(await readFile(file), parsePublicKey(publicKeyPem), detached);
if (!check.ok) {
  console.error(`signature INVALID: ${check.reason}`);
  process.exit(1);
}
console.log('signature valid: the statement is as the server signed it');

import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject, sign, verify } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

// Statements are signed with Ed25519 (docs/statements.md). The signature travels inside the
// file, on its last line, over every byte before that line:
//   CSV: "# ledgerline-signature ed25519 <base64>"  (a comment line after the rows)
//   PDF: "%ledgerline-signature ed25519 <base64>"   (a PDF comment after %%EOF)
// so a statement checks offline with the public key alone (scripts/verify-statement.ts).

export const signatureMarker = 'ledgerline-signature ed25519 ';

export interface StatementSigner {
  /** The file with its signature line appended; `commentPrefix` is '# ' for CSV, '%' for PDF. */
  signFile(content: Buffer, commentPrefix: string): Buffer;
  /** The base64 signature of exactly these bytes. */
  signature(content: Buffer): string;
  publicKeyPem: string;
  fingerprint: string;
}

/** sha-256 of the key's DER (SPKI), hex in groups of four. */
export function keyFingerprint(publicKey: KeyObject): string {
  const digest = createHash('sha256').update(publicKey.export({ type: 'spki', format: 'der' })).digest('hex');
  return digest.match(/.{4}/g)!.join(' ');
}

export function statementSigner(privateKey: KeyObject): StatementSigner {
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('STATEMENT_SIGNING_KEY must be an Ed25519 private key');
  const publicKey = createPublicKey(privateKey);
  const signature = (content: Buffer) => sign(null, content, privateKey).toString('base64');
  return {
    signature,
    signFile: (content, commentPrefix) => {
      const body = content.length === 0 || content[content.length - 1] === 0x0a ? content : Buffer.concat([content, Buffer.from('\n')]);
      return Buffer.concat([body, Buffer.from(`${commentPrefix}${signatureMarker}${signature(body)}\n`)]);
    },
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    fingerprint: keyFingerprint(publicKey),
  };
}

/** A key given as PEM, or as base64 of the PEM or of the PKCS#8 DER. */
export function parsePrivateKey(text: string): KeyObject {
  const trimmed = text.trim();
  if (trimmed.startsWith('-----BEGIN')) return createPrivateKey(trimmed);
  const decoded = Buffer.from(trimmed, 'base64');
  const asText = decoded.toString('utf8');
  return asText.startsWith('-----BEGIN') ? createPrivateKey(asText) : createPrivateKey({ key: decoded, format: 'der', type: 'pkcs8' });
}

/** A public key as PEM (SPKI), or the public half of a private key's PEM. */
export function parsePublicKey(text: string): KeyObject {
  const trimmed = text.trim();
  return trimmed.includes('PRIVATE KEY') ? createPublicKey(createPrivateKey(trimmed)) : createPublicKey(trimmed);
}

/**
 * STATEMENT_SIGNING_KEY when set; otherwise the key in `keyFile`, generated there on first
 * start (mode 0600, beside the embedded database: never in the repository).
 */
export async function loadStatementSigner(env: NodeJS.ProcessEnv, keyFile: string, log: (message: string) => void = () => {}): Promise<StatementSigner> {
  const configured = env.STATEMENT_SIGNING_KEY?.trim();
  if (configured) return statementSigner(parsePrivateKey(configured));
  if (existsSync(keyFile)) return statementSigner(parsePrivateKey(await readFile(keyFile, 'utf8')));
  const { privateKey } = generateKeyPairSync('ed25519');
  await mkdir(dirname(keyFile), { recursive: true });
  await writeFile(keyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600, flag: 'wx' });
  log(`statement signing key generated in ${keyFile} (set STATEMENT_SIGNING_KEY to use your own)`);
  return statementSigner(privateKey);
}

/** A fresh key held in memory only (tests). */
export const ephemeralStatementSigner = (): StatementSigner => statementSigner(generateKeyPairSync('ed25519').privateKey);

export type SignatureCheck = { ok: true } | { ok: false; reason: string };

/** Checks a file's embedded signature line, or a detached signature over the whole file. */
export function verifyStatementFile(file: Buffer, publicKey: KeyObject, detachedSignature?: string): SignatureCheck {
  let signed = file;
  let signatureText = detachedSignature?.trim();
  if (signatureText === undefined) {
    const at = file.lastIndexOf(signatureMarker);
    if (at < 0) return { ok: false, reason: 'no signature line in the file (pass --sig for a detached signature)' };
    const lineStart = file.lastIndexOf(0x0a, at) + 1;
    const lineEnd = file.indexOf(0x0a, at);
    const line = file.subarray(at + signatureMarker.length, lineEnd < 0 ? file.length : lineEnd).toString('utf8');
    if (lineEnd >= 0 && lineEnd !== file.length - 1) return { ok: false, reason: 'bytes follow the signature line' };
    signed = file.subarray(0, lineStart);
    signatureText = line.trim();
  }
  const signature = Buffer.from(signatureText, 'base64');
  if (signature.length !== 64) return { ok: false, reason: 'the signature is not an Ed25519 signature' };
  return verify(null, signed, publicKey, signature) ? { ok: true } : { ok: false, reason: 'the signature does not match the file: it was changed, or signed with another key' };
}

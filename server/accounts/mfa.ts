import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Database, Sql } from '../db/database.ts';
import { refuse } from '../http/refusal.ts';

// The second factor, for users and staff alike: TOTP (RFC 6238: SHA-1, six digits, 30-second
// steps, what every authenticator app reads) plus single-use recovery codes. A code is accepted
// one step either side of the server's clock, and only for a step later than the last one
// accepted for the same person, so an overheard code cannot be replayed (RFC 6238 §5.2).
// The clock is a parameter everywhere: tests fake it.

export type MfaOwnerKind = 'user' | 'staff';
export interface MfaOwner {
  kind: MfaOwnerKind;
  id: bigint;
  /** Shown in the authenticator app next to the issuer: the mobile number or the staff login. */
  label: string;
}

export const totpPeriodSeconds = 30;
/** Steps either side of now that still count: the phone's clock may be a little off. */
export const totpWindowSteps = 1;
export const recoveryCodeCount = 10;
const issuer = 'Ledgerline';

const totpOf = (secret: string, label: string) =>
  new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: totpPeriodSeconds, secret: Secret.fromBase32(secret) });

/** The code an authenticator shows at `nowMs` (tests, the demo's staff kit, the e2e harness). */
export const totpCodeAt = (secret: string, nowMs: number): string => totpOf(secret, 'code').generate({ timestamp: nowMs });

export const totpStepAt = (nowMs: number): number => Math.floor(nowMs / 1000 / totpPeriodSeconds);

/** A fresh 160-bit secret, base32 (32 characters), as RFC 4226 recommends. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

const hashCode = (code: string): string => createHash('sha256').update(code).digest('hex');

/** Recovery codes are typed by hand: case, spaces and dashes do not matter. */
const normalizeRecoveryCode = (code: string): string => code.toLowerCase().replace(/[\s-]/g, '');

/** Ten lower-case letters and digits as `xxxxx-xxxxx`: 50 bits each, never stored in clear. */
function newRecoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(10);
  const characters = [...bytes].map((byte) => alphabet[byte % alphabet.length]).join('');
  return `${characters.slice(0, 5)}-${characters.slice(5)}`;
}

type FactorRow = { secret: string; enabled_at: Date | null; last_used_step: bigint | null };

async function factorOf(sql: Sql, owner: Pick<MfaOwner, 'kind' | 'id'>, lock = false): Promise<FactorRow | undefined> {
  const [row] = await sql.query<FactorRow>(
    `SELECT secret, enabled_at, last_used_step FROM mfa_factors WHERE owner_kind = $1 AND owner_id = $2${lock ? ' FOR UPDATE' : ''}`,
    [owner.kind, owner.id.toString()],
  );
  return row;
}

export async function mfaEnabled(sql: Sql, owner: Pick<MfaOwner, 'kind' | 'id'>): Promise<boolean> {
  return Boolean((await factorOf(sql, owner))?.enabled_at);
}

/** The step a TOTP code proves at `nowMs`, if it is right and later than the last accepted one. */
function acceptedStep(factor: FactorRow, code: string, nowMs: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(factor.secret, 'code').validate({ token: code, timestamp: nowMs, window: totpWindowSteps });
  if (delta === null) return null;
  const step = totpStepAt(nowMs) + delta;
  return factor.last_used_step !== null && BigInt(step) <= factor.last_used_step ? null : step;
}

/**
 * Checks a code for an enabled factor inside `tx` (the factor row locked): a TOTP code moves the
 * replay guard forward, a recovery code is used up. False when neither holds.
 */
export async function consumeSecondFactor(tx: Sql, owner: Pick<MfaOwner, 'kind' | 'id'>, code: string, nowMs: number): Promise<boolean> {
  const factor = await factorOf(tx, owner, true);
  if (!factor?.enabled_at) return false;
  const step = acceptedStep(factor, code.trim(), nowMs);
  if (step !== null) {
    await tx.query('UPDATE mfa_factors SET last_used_step = $3 WHERE owner_kind = $1 AND owner_id = $2', [owner.kind, owner.id.toString(), step]);
    return true;
  }
  const used = await tx.query(
    `UPDATE mfa_recovery_codes SET used_at = $4::timestamptz
      WHERE owner_kind = $1 AND owner_id = $2 AND code_hash = $3 AND used_at IS NULL RETURNING 1`,
    [owner.kind, owner.id.toString(), hashCode(normalizeRecoveryCode(code)), new Date(nowMs).toISOString()],
  );
  return used.length === 1;
}

/** A new pending secret (replacing an earlier pending one) and the otpauth:// URI the QR code carries. */
export async function setUpMfa(db: Database, owner: MfaOwner): Promise<{ secret: string; uri: string }> {
  return db.transaction(async (tx) => {
    if ((await factorOf(tx, owner, true))?.enabled_at) refuse('mfa_already_enabled');
    const secret = newTotpSecret();
    await tx.query(
      `INSERT INTO mfa_factors (owner_kind, owner_id, secret) VALUES ($1, $2, $3)
       ON CONFLICT (owner_kind, owner_id) DO UPDATE SET secret = EXCLUDED.secret, created_at = now(), last_used_step = NULL`,
      [owner.kind, owner.id.toString(), secret],
    );
    return { secret, uri: totpOf(secret, owner.label).toString() };
  });
}

/** Turns the pending secret on once a code from it proves the app has it; answers the recovery codes, shown once. */
export async function enableMfa(db: Database, owner: MfaOwner, code: string, nowMs: number): Promise<{ recovery_codes: string[] }> {
  return db.transaction(async (tx) => {
    const factor = await factorOf(tx, owner, true);
    if (!factor) refuse('mfa_not_set_up');
    if (factor.enabled_at) refuse('mfa_already_enabled');
    const step = acceptedStep(factor, code.trim(), nowMs);
    if (step === null) refuse('mfa_code_incorrect');
    await tx.query(
      `UPDATE mfa_factors SET enabled_at = $3::timestamptz, last_used_step = $4 WHERE owner_kind = $1 AND owner_id = $2`,
      [owner.kind, owner.id.toString(), new Date(nowMs).toISOString(), step],
    );
    return { recovery_codes: await replaceRecoveryCodes(tx, owner) };
  });
}

async function replaceRecoveryCodes(tx: Sql, owner: Pick<MfaOwner, 'kind' | 'id'>): Promise<string[]> {
  await tx.query('DELETE FROM mfa_recovery_codes WHERE owner_kind = $1 AND owner_id = $2', [owner.kind, owner.id.toString()]);
  const codes = Array.from({ length: recoveryCodeCount }, newRecoveryCode);
  await tx.query(
    `INSERT INTO mfa_recovery_codes (owner_kind, owner_id, code_hash) SELECT $1, $2, unnest($3::text[]) ON CONFLICT DO NOTHING`,
    [owner.kind, owner.id.toString(), codes.map((code) => hashCode(normalizeRecoveryCode(code)))],
  );
  return codes;
}

/** Turns the factor off; needs a current code (or a recovery code), so a stolen session alone cannot. */
export async function disableMfa(db: Database, owner: Pick<MfaOwner, 'kind' | 'id'>, code: string, nowMs: number): Promise<null> {
  return db.transaction(async (tx) => {
    if (!(await factorOf(tx, owner, true))?.enabled_at) refuse('mfa_not_enabled');
    if (!(await consumeSecondFactor(tx, owner, code, nowMs))) refuse('mfa_code_incorrect');
    await tx.query('DELETE FROM mfa_recovery_codes WHERE owner_kind = $1 AND owner_id = $2', [owner.kind, owner.id.toString()]);
    await tx.query('DELETE FROM mfa_factors WHERE owner_kind = $1 AND owner_id = $2', [owner.kind, owner.id.toString()]);
    return null;
  });
}

/** Writes an enabled factor directly (the demo's staff, with their documented secrets; test kits). */
export async function installMfaFactor(sql: Sql, owner: Pick<MfaOwner, 'kind' | 'id'>, secret: string): Promise<void> {
  await sql.query(
    `INSERT INTO mfa_factors (owner_kind, owner_id, secret, enabled_at) VALUES ($1, $2, $3, now())
     ON CONFLICT (owner_kind, owner_id) DO NOTHING`,
    [owner.kind, owner.id.toString(), secret],
  );
}

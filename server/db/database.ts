// One small interface over the two engines we run on: PGlite (embedded, the default)
// and a real PostgreSQL server (DATABASE_URL). Both speak the same SQL; bigint columns
// come back as JS bigint from both, so money never passes through a float.

export type Row = Record<string, unknown>;

export interface Sql {
  query<T extends Row = Row>(text: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations). */
  execScript(script: string): Promise<void>;
}

export interface Database extends Sql {
  readonly engine: 'pglite' | 'postgres';
  /** Runs `work` in one transaction; retries it on serialization failures and deadlocks. */
  transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** PostgreSQL error codes a transaction may be retried after. */
const retryableCodes = new Set(['40001', '40P01']);
const transactionAttemptsMax = 5;

export async function withRetries<T>(attempt: () => Promise<T>): Promise<T> {
  for (let attemptNumber = 1; ; attemptNumber++) {
    try {
      return await attempt();
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (attemptNumber >= transactionAttemptsMax || !code || !retryableCodes.has(code)) throw error;
    }
  }
}

/**
 * Statements of one transaction sent back to back, without waiting for each answer: they
 * still run in the order given (one connection runs one statement at a time), but the
 * transaction is held open one round trip instead of one per statement. Waits for all of
 * them, so none is left to run after a rollback, and throws the first failure in order
 * (later ones only report the aborted transaction).
 */
export async function inOrder(statements: readonly Promise<unknown>[]): Promise<void> {
  const settled = await Promise.allSettled(statements);
  for (const outcome of settled) if (outcome.status === 'rejected') throw outcome.reason;
}

export const bigintTypeOid = 20;

/** Reads the unique-violation code of a driver error, whichever engine raised it. */
export const isUniqueViolation = (error: unknown): boolean => (error as { code?: string }).code === '23505';

// Messages between the server thread and the embedded database's thread (pgliteThread.ts).

export interface ThreadStart {
  /** undefined: in memory. */
  dataDir: string | undefined;
}

export type ThreadRequest = { id: number } & (
  | { op: 'query'; text: string; params: unknown[] | undefined; transaction?: number }
  | { op: 'exec'; script: string; transaction?: number }
  | { op: 'begin'; transaction: number }
  | { op: 'end'; transaction: number; commit: boolean }
  | { op: 'dump' }
  | { op: 'close' }
);

/** id 0 is the thread's first message: the database is open. */
export type ThreadReply =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: Record<string, unknown> };

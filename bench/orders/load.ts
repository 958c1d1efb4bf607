// HTTP load for the order benchmark: keep-alive POSTs of order/place, closed loop (N
// workers each waiting for its answer) and open loop (a fixed schedule; latency counts
// from the scheduled send time, so a server that falls behind shows it instead of
// silently slowing the client down — no coordinated omission).
import { Pool } from 'undici';
import { performance } from 'node:perf_hooks';

export interface Session { account: string; token: string }
export type OrderForm = Record<string, unknown>;

export interface LoadResult {
  sent: number;
  ok: number;
  /** Refusals and errors by message key (or HTTP status / transport error). */
  refusals: Map<string, number>;
  /** Order status of accepted orders, e.g. holding (filled) or pending (resting). */
  statuses: Map<string, number>;
  latenciesMs: number[];
  elapsedS: number;
  /** Open loop only: scheduled sends skipped because too many requests were already in flight. */
  shed: number;
}

/**
 * Keep-alive HTTP/1.1 over undici's pool: several times less client CPU per request than
 * node:http, which matters here because the client shares the machine's two cores with
 * the server and PostgreSQL it is measuring.
 */
export function createClient(port: number, maxSockets: number) {
  const pool = new Pool(`http://127.0.0.1:${port}`, { connections: maxSockets, pipelining: 1, keepAliveTimeout: 60_000 });
  async function post(path: string, body: unknown, session?: Session): Promise<{ status: number; msg: string; data: any }> {
    const response = await pool.request({
      method: 'POST',
      path: `/api/vue/${path}`,
      headers: { 'content-type': 'application/json', ...(session ? { token: session.token, account: session.account } : {}) },
      body: JSON.stringify(body),
    });
    const envelope = (await response.body.json()) as { status: number; msg: string; data: any };
    return { status: envelope.status, msg: response.statusCode === 200 ? envelope.msg : `http_${response.statusCode}:${envelope.msg}`, data: envelope.data };
  }
  return { post, close: () => void pool.close() };
}

type Client = ReturnType<typeof createClient>;

function emptyResult(): LoadResult {
  return { sent: 0, ok: 0, refusals: new Map(), statuses: new Map(), latenciesMs: [], elapsedS: 0, shed: 0 };
}

const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

async function placeOne(client: Client, result: LoadResult, session: Session, form: OrderForm, startedAt: number, path = 'order/place') {
  result.sent++;
  try {
    const answer = await client.post(path, form, session);
    if (answer.status === 1) {
      result.ok++;
      if (answer.data?.status !== undefined) bump(result.statuses, String(answer.data.status));
    } else bump(result.refusals, answer.msg);
  } catch (error) {
    bump(result.refusals, `transport:${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  result.latenciesMs.push(performance.now() - startedAt);
}

/** `concurrency` workers, each sending its next order (or another command, `path`) as soon as the previous one is answered. */
export async function closedLoop(client: Client, orders: number, concurrency: number, order: (index: number) => [Session, OrderForm], path = 'order/place'): Promise<LoadResult> {
  const result = emptyResult();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < orders) {
        const [session, form] = order(next++);
        await placeOne(client, result, session, form, performance.now(), path);
      }
    }),
  );
  result.elapsedS = (performance.now() - started) / 1000;
  return result;
}

/**
 * `orders` sends of order/place (or another command, `path`) scheduled evenly at `rate`/s.
 * At most `maxInFlight` are outstanding: beyond that a scheduled send is shed and counted, so a slow server cannot grow an
 * unbounded queue in the client; elapsed time includes draining what is in flight.
 */
export async function openLoop(client: Client, orders: number, rate: number, maxInFlight: number, order: (index: number) => [Session, OrderForm], path = 'order/place'): Promise<LoadResult> {
  const result = emptyResult();
  const pending = new Set<Promise<void>>();
  const started = performance.now();
  let index = 0;
  while (index < orders) {
    const now = performance.now();
    // Everything whose slot has come goes out now, with its latency clock at the slot, not at now.
    while (index < orders && started + (index * 1000) / rate <= now) {
      const scheduledAt = started + (index * 1000) / rate;
      if (pending.size >= maxInFlight) result.shed++;
      else {
        const [session, form] = order(index);
        const promise = placeOne(client, result, session, form, scheduledAt, path).finally(() => pending.delete(promise));
        pending.add(promise);
      }
      index++;
    }
    await new Promise((done) => setTimeout(done, 1));
  }
  await Promise.all(pending);
  result.elapsedS = (performance.now() - started) / 1000;
  return result;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

import { resolve } from 'node:path';
import type { DatabaseTarget } from './db/open.ts';

export interface ServerConfig {
  host: string;
  port: number;
  database: DatabaseTarget;
  /** Demo data and play money: on for the embedded database, off for a real server unless asked for. */
  demoMode: boolean;
  webDir: string;
  logLevel: string;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  const databaseUrl = env.DATABASE_URL?.trim();
  const database: DatabaseTarget = databaseUrl
    ? { engine: 'postgres', url: databaseUrl }
    : { engine: 'pglite', dataDir: resolve(env.DATA_DIR ?? './data') };
  const demoSetting = env.DEMO_MODE?.trim();
  const demoMode = demoSetting ? demoSetting === '1' || demoSetting === 'true' : database.engine === 'pglite';
  return {
    host: env.HOST ?? '127.0.0.1',
    port,
    database,
    demoMode,
    webDir: resolve(env.WEB_DIR ?? './dist/web'),
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}

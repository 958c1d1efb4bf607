// Throwaway databases on the PostgreSQL server the benchmark measures (the tests' server).
import pg from 'pg';

export const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export const createDatabase = (name: string) => admin((client) => client.query(`CREATE DATABASE ${name}`));

/** FORCE: pool connections may still be closing when the benchmark is done with a database. */
export const dropDatabase = (name: string) => admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));

export function databaseUrl(name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

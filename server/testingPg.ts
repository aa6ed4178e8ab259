// Tests on a real PostgreSQL (TEST_DATABASE_URL, .ci/postgres-tests.sh) that delete rows or kill
// processes get a database of their own on that cluster, so test files running in parallel
// never see each other's rows.
import pg from 'pg';

/** A fresh, empty database `name` on the TEST_DATABASE_URL cluster; its URL. */
export async function freshPgDatabase(baseUrl: string, name: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]{0,40}$/.test(name)) throw new Error(`not a database name: ${name}`);
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

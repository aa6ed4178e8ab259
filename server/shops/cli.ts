// npm run shop -- <command>: the shops in the database, in the data format of docs/data-format.md.
//   import FILE              check FILE with the loader's schemas (one line per problem with its field
//                            path; nothing is written then) and import it in one transaction
//   export [SHOP_ID…] [--with-secrets]
//                            the data file of these shops (all without ids) on stdout; the waiter
//                            password hashes and the shops' secrets (decrypted with
//                            TISCHLEIN_SECRET_KEY) only with --with-secrets
//   list                     id, slug, published catalog version and host names of every shop
//   publish SHOP_ID VERSION  serve an older (or newer) stored catalog version again
// Database: DATABASE_URL (PostgreSQL; every running server follows within a second through
// NOTIFY) or DATA_DIR (PGlite, default .data/pglite; one process per folder: stop the server first —
// beside a running server this waits for its lock and then stops with a message, server/dataDirLock.ts).
import { resolve } from 'node:path';
import { DataFileError, loadDataFile } from '../data/load';
import { dataDirOf, migrate, openDb, type Db } from '../db';
import { SERVER_DIR } from '../here';
import { importSettingsSecrets, SecretKeyError, secretKeyFromEnv } from '../secrets';
import { versionOf } from './repository';
import { exportShopData, SHOP_CHANNEL, writeShopData } from './store';

export interface CliIo {
  out: (text: string) => void;
  err: (text: string) => void;
}

const USAGE = 'usage: npm run shop -- import FILE | export [SHOP_ID…] [--with-secrets] | list | publish SHOP_ID VERSION';

/** Runs one command on `db` (migrated); returns the exit code. `env`: TISCHLEIN_SECRET_KEY, NODE_ENV. */
export async function runShopCommand(db: Db, argv: string[], io: CliIo, env: Record<string, string | undefined> = process.env): Promise<number> {
  const [command, ...rest] = argv;
  const flags = new Set(rest.filter((a) => a.startsWith('--')));
  const args = rest.filter((a) => !a.startsWith('--'));
  switch (command) {
    case 'import': {
      if (args.length !== 1) return usage(io);
      let data;
      try {
        data = await loadDataFile(resolve(args[0]));
      } catch (e) {
        if (e instanceof DataFileError) {
          io.err(`${e.message}\nnothing imported.`);
          return 1;
        }
        throw e;
      }
      let key: Buffer | null;
      try {
        key = secretKeyFromEnv(env, env.NODE_ENV === 'production');
      } catch (e) {
        if (!(e instanceof SecretKeyError)) throw e;
        io.err(`${e.message}\nnothing imported.`);
        return 1;
      }
      try {
        // one transaction: the shops and their secrets (encrypted into shop_secrets, never into shop_settings)
        const r = await db.transaction(async (tx) => {
          await importSettingsSecrets({ transaction: (fn) => fn(tx) }, key, data.settings?.values() ?? []);
          return writeShopData(tx, data);
        });
        io.out(
          `imported ${r.shops} shops, ${r.coupons} coupons${r.newVersions.length ? `; new catalog versions for ${named(r.newVersions)}` : '; no catalog changed'}`,
        );
        return 0;
      } catch (e) {
        if (e instanceof SecretKeyError) {
          io.err(`${e.message}\nnothing imported.`);
          return 1;
        }
        // e.g. a slug or host another shop in the database already has
        io.err(`import failed, nothing imported: ${(e as Error).message}${(e as { detail?: string }).detail ? ` (${(e as { detail?: string }).detail})` : ''}`);
        return 1;
      }
    }
    case 'export': {
      try {
        const withSecrets = flags.has('--with-secrets');
        const secretKey = withSecrets ? secretKeyFromEnv(env, env.NODE_ENV === 'production') : null;
        const data = await exportShopData(db, args, { withSecrets, secretKey });
        io.out(JSON.stringify(data, null, 2));
        return 0;
      } catch (e) {
        io.err(`export failed: ${(e as Error).message}`);
        return 1;
      }
    }
    case 'list': {
      const { rows } = await db.query<{ id: string; slug: string | null; catalog_of: string | null; version: number | null; content_hash: string | null; hosts: string[] }>(
        `SELECT s.id, s.slug, s.catalog_of, c.version, c.content_hash,
           ARRAY(SELECT h.host FROM shop_hosts h WHERE h.shop_id = s.id ORDER BY h.host) AS hosts
         FROM shops s LEFT JOIN catalog_versions c ON c.shop_id = s.id AND c.version = s.published_version
         ORDER BY s.position, s.id`,
      );
      for (const r of rows) {
        const catalog = r.catalog_of ? `catalog of ${r.catalog_of}` : r.version !== null && r.content_hash ? `catalog ${versionOf(Number(r.version), r.content_hash)}` : 'no catalog';
        io.out([r.id, r.slug ? `/f=${r.slug}` : '-', catalog, r.hosts.join(' ') || '-'].join('\t'));
      }
      return 0;
    }
    case 'publish': {
      if (args.length !== 2 || !/^\d+$/.test(args[1].split('-')[0])) return usage(io);
      const version = Number(args[1].split('-')[0]);
      const done = await db.transaction(async (tx) => {
        const { rows } = await tx.query(
          `UPDATE shops SET published_version = $2, updated_at = now()
           WHERE id = $1 AND catalog_of IS NULL AND EXISTS (SELECT 1 FROM catalog_versions WHERE shop_id = $1 AND version = $2) RETURNING id`,
          [args[0], version],
        );
        if (rows.length) await tx.query('SELECT pg_notify($1, $2)', [SHOP_CHANNEL, args[0]]);
        return rows.length > 0;
      });
      if (!done) {
        io.err(`shop '${args[0]}' has no catalog version ${version} of its own`);
        return 1;
      }
      io.out(`shop '${args[0]}' serves catalog version ${version}`);
      return 0;
    }
    default:
      return usage(io);
  }
}

/** 'a, b, c' — at most 10 names, then '… and 990 more' */
function named(ids: string[]): string {
  return ids.length > 10 ? `${ids.slice(0, 10).join(', ')} … and ${ids.length - 10} more` : ids.join(', ');
}

function usage(io: CliIo): number {
  io.err(USAGE);
  return 2;
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  const dataDir = dataDirOf(process.env.DATA_DIR, resolve(SERVER_DIR, '..', '.data/pglite'));
  let db: Db;
  try {
    db = await openDb(databaseUrl ? { databaseUrl } : { dataDir });
  } catch (e) {
    console.error(`cannot open the database (${databaseUrl ? 'DATABASE_URL' : dataDir}): ${(e as Error).message}`);
    process.exit(1);
  }
  await migrate(db);
  const code = await runShopCommand(db, process.argv.slice(2), {
    out: (t) => process.stdout.write(`${t}\n`),
    err: (t) => process.stderr.write(`${t}\n`),
  });
  await db.close();
  process.exit(code);
}

if (require.main === module) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}

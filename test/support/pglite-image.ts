import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { migrate } from '../../src/service/db/migrate.js';
import { dumpPglite, openPglite } from '../../src/service/db/pglite-database.js';

const MIGRATIONS_DIR = fileURLToPath(new URL('../../src/service/db/migrations/', import.meta.url));
const PGLITE_PACKAGE = new URL(
  '../../node_modules/@electric-sql/pglite/package.json',
  import.meta.url,
);

/**
 * A migrated PGlite cluster saved once as a file, from which every in-memory test database starts
 * (the worker's `image`), as PostgreSQL creates databases from a template: a new cluster and its
 * migrations cost seconds per test service, loading the copy a fraction of it. The file's name
 * holds a hash of the migrations and of PGlite's version, so a changed migration makes a new image;
 * test files running at once in several workers may each write it, and the rename keeps it whole.
 * The image leaves out the cluster's template databases, which neither the service nor any test
 * connects to: a third fewer bytes and half the files for each test database to load.
 */
let image: Promise<string> | undefined;

export function migratedPgliteImage(): Promise<string> {
  image ??= makeImage();
  return image;
}

async function makeImage(): Promise<string> {
  const hash = createHash('sha256');
  // What the image holds besides the migrations (withoutEntries): a change makes a new one.
  hash.update('without template databases');
  hash.update(await readFile(PGLITE_PACKAGE));
  for (const file of (await readdir(MIGRATIONS_DIR)).sort()) {
    hash.update(file);
    hash.update(await readFile(join(MIGRATIONS_DIR, file)));
  }
  const path = join(tmpdir(), `na-pglite-image-${hash.digest('hex').slice(0, 16)}.tar`);
  if (existsSync(path)) return path;
  const db = await openPglite('memory://');
  try {
    await migrate(db);
    const templates = await db.query<{ oid: number }>(
      "SELECT oid::int FROM pg_database WHERE datname IN ('template0', 'template1')",
    );
    const partial = `${path}.${process.pid}.${crypto.randomUUID()}`;
    const skipped = templates.map((t) => `base/${t.oid}`);
    await writeFile(partial, withoutEntries(await dumpPglite(db), skipped));
    await rename(partial, path);
  } finally {
    await db.close();
  }
  return path;
}

const BLOCK = 512;

/**
 * A tar without the entries under `folders` (paths relative to the archive's root, with or
 * without its leading slash): each entry is a 512-byte header, then its data in whole blocks.
 */
function withoutEntries(tar: Uint8Array, folders: string[]): Uint8Array {
  const text = new TextDecoder();
  const field = (at: number, length: number) =>
    text.decode(tar.subarray(at, at + length)).replace(/\0.*$/s, '');
  const kept: Uint8Array[] = [];
  for (let at = 0; at + BLOCK <= tar.length; ) {
    const name = field(at, 100);
    if (!name) break;
    const prefix = field(at + 345, 155);
    const path = (prefix ? `${prefix}/${name}` : name).replace(/^\/+/, '').replace(/\/$/, '');
    const size = Number.parseInt(field(at + 124, 12).trim() || '0', 8);
    const end = at + BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    if (!folders.some((f) => path === f || path.startsWith(`${f}/`)))
      kept.push(tar.subarray(at, end));
    at = end;
  }
  // The archive ends with two empty blocks.
  kept.push(new Uint8Array(2 * BLOCK));
  return Buffer.concat(kept);
}

/**
 * A PGlite data folder that does not exist yet, made from the image: what a fresh `DATA_DIR` holds
 * after the service's first start (initdb and every migration), without paying for them again. A
 * folder that exists already (a restarted service's) is left as it is.
 */
export async function seedPgliteFolder(folder: string): Promise<void> {
  if (existsSync(join(folder, 'PG_VERSION'))) return;
  const image = await migratedPgliteImage();
  await mkdir(folder, { recursive: true });
  await promisify(execFile)('tar', ['-xf', image, '-C', folder]);
}

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
 */
let image: Promise<string> | undefined;

export function migratedPgliteImage(): Promise<string> {
  image ??= makeImage();
  return image;
}

async function makeImage(): Promise<string> {
  const hash = createHash('sha256');
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
    const partial = `${path}.${process.pid}.${crypto.randomUUID()}`;
    await writeFile(partial, await dumpPglite(db));
    await rename(partial, path);
  } finally {
    await db.close();
  }
  return path;
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

import { cp, mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { writeDashboard } from '../src/service/dashboard/build.js';

/**
 * `npm run build:service [-- <out dir>]`: the service and the operator's CLI as JavaScript for
 * `node`, into dist/ by default. One `.js` per source file, in the folders of src/, so every path
 * a module finds beside itself with `import.meta.url` (the SQL migrations, the dashboard's files)
 * is the same relative path in dist/. Packages stay in node_modules: nothing is bundled.
 * Beside them: the dashboard's built files (served by routes/dashboard.ts), the migrations and
 * PGlite's worker thread.
 */

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const SRC = join(ROOT, 'src');
const ENTRY_POINTS = ['src/service/main.ts', 'src/service/ops/cli.ts'].map((p) => join(ROOT, p));
/** Loaded by the route only when it runs from sources: it imports esbuild. */
const SOURCES_ONLY = join(SRC, 'service/dashboard/build.ts');

/** Every source file the entry points reach, without the sources-only module. */
async function sourceFiles(): Promise<string[]> {
  const leaveOut: Plugin = {
    name: 'leave-out-sources-only',
    setup(b) {
      b.onResolve({ filter: /\/build\.js$/ }, (args) =>
        resolve(args.resolveDir, args.path.replace(/\.js$/, '.ts')) === SOURCES_ONLY
          ? { path: args.path, external: true }
          : undefined,
      );
    },
  };
  const { metafile } = await build({
    entryPoints: ENTRY_POINTS,
    bundle: true,
    write: false,
    outdir: 'unused',
    platform: 'node',
    format: 'esm',
    packages: 'external',
    metafile: true,
    logLevel: 'silent',
    plugins: [leaveOut],
  });
  return Object.keys(metafile.inputs).map((p) => resolve(ROOT, p));
}

export async function buildService(outDir = join(ROOT, 'dist')): Promise<void> {
  const files = await sourceFiles();
  const outside = files.filter((f) => !f.startsWith(SRC + '/') || !f.endsWith('.ts'));
  if (outside.length)
    throw new Error(`The service reaches files outside src/: ${outside.join(', ')}`);
  // Built aside, then swapped in whole: a service running from outDir (`npm run ops` builds while
  // it may run on PostgreSQL) never finds a file missing, and no module of an older build stays.
  const stage = `${outDir}.building-${process.pid}`;
  const old = `${outDir}.old-${process.pid}`;
  await rm(stage, { recursive: true, force: true });
  await build({
    entryPoints: files,
    outbase: SRC,
    outdir: stage,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });
  // The .js files are ES modules wherever outDir is put (the repository's package.json says so only inside it).
  await writeFile(join(stage, 'package.json'), '{ "type": "module" }\n');
  const migrations = join(SRC, 'service/db/migrations');
  await mkdir(join(stage, 'service/db/migrations'), { recursive: true });
  for (const f of (await readdir(migrations)).filter((f) => f.endsWith('.sql'))) {
    await cp(join(migrations, f), join(stage, 'service/db/migrations', f));
  }
  // PGlite's thread (db/pglite-database.ts) is started from this file, not imported: plain JavaScript, copied.
  await cp(join(SRC, 'service/db/pglite-worker.mjs'), join(stage, 'service/db/pglite-worker.mjs'));
  await writeDashboard(join(stage, 'service/dashboard'));
  await rename(outDir, old).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== 'ENOENT') throw err;
  });
  await rename(stage, outDir);
  await rm(old, { recursive: true, force: true });
  // stderr: `npm run ops` builds first, and its stdout may be piped (rotate-key prints the key).
  console.error(
    `service built into ${relative(process.cwd(), outDir) || '.'}/ (${files.length} modules)`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  buildService(process.argv[2] ? resolve(process.argv[2]) : undefined).catch((err: Error) => {
    console.error(err.message);
    process.exit(1);
  });
}

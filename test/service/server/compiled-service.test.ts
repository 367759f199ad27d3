import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildService } from '../../../scripts/build-service.js';

// Either database: the compiled process runs on its own PGlite in a scratch DATA_DIR.

/**
 * The service as `npm start` runs it: built by scripts/build-service.ts (here into a scratch
 * folder), then plain `node` on the compiled JavaScript, with neither esbuild nor tsx.
 */

const ROOT = resolve(import.meta.dirname, '../../..');
let scratch: string;
let out: string;
let child: ChildProcess | undefined;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'na-compiled-'));
  out = join(scratch, 'dist');
  // Where a deployment puts the build: beside the installed packages, which stay unbundled.
  await symlink(join(ROOT, 'node_modules'), join(scratch, 'node_modules'), 'dir');
  await buildService(out);
});
afterAll(async () => {
  child?.kill('SIGKILL');
  await rm(scratch, { recursive: true, force: true });
});

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) =>
    statSync(join(dir, f)).isDirectory() ? files(join(dir, f)) : [join(dir, f)],
  );
}

/** Every module a compiled file names: static imports, re-exports, `import()` of a literal. */
function specifiers(js: string): string[] {
  return [
    ...js.matchAll(/\bfrom\s*"([^"]+)"|\bimport\s*\(\s*"([^"]+)"\s*\)|\bimport\s*"([^"]+)"/g),
  ].map((m) => m[1] ?? m[2] ?? m[3]!);
}

test('the compiled service imports neither esbuild nor tsx, and each of its own imports is in the build', () => {
  const modules = files(out).filter((f) => f.endsWith('.js') && !f.includes('/service/dashboard/'));
  expect(modules.length).toBeGreaterThan(100);
  const unresolved: string[] = [];
  for (const file of modules) {
    const js = readFileSync(file, 'utf8');
    expect(js, relative(out, file)).not.toMatch(/["'](esbuild|tsx)(\/[^"']*)?["']/);
    expect(js, relative(out, file)).not.toMatch(/\brequire\s*\(/);
    for (const spec of specifiers(js)) {
      if (!spec.startsWith('.')) continue;
      const target = resolve(dirname(file), spec);
      if (!statSync(target, { throwIfNoEntry: false })?.isFile())
        unresolved.push(`${relative(out, file)} → ${spec}`);
    }
  }
  // The one exception: the route's build-from-sources module, imported only when it runs as .ts.
  expect(unresolved).toEqual(['service/routes/dashboard.js → ../dashboard/build.js']);
  expect(readdirSync(join(out, 'service/db/migrations'))).toEqual(
    readdirSync(join(ROOT, 'src/service/db/migrations')).filter((f) => f.endsWith('.sql')),
  );
});

const START_WITHIN_MS = 120_000;

/** The compiled service started on `dataDir` (PGlite in it): its URL once it listens, and all it printed. */
async function startCompiled(dataDir: string) {
  const { DATABASE_URL: _ownDatabase, ...inherited } = process.env;
  child = spawn(process.execPath, [join(out, 'service/main.js')], {
    cwd: scratch,
    env: {
      ...inherited,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SECRET_KEY: 'cd'.repeat(32),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  let url: string | undefined;
  // A first start migrates and opens its database again: over a minute on a machine kept busy.
  for (
    const deadline = Date.now() + START_WITHIN_MS;
    !url && Date.now() < deadline && child.exitCode === null;
  ) {
    await new Promise((r) => setTimeout(r, 50));
    url = /Service listening on (\S+)/.exec(output)?.[1];
  }
  expect(url, output).toBeDefined();
  return { url: url!, output: () => output };
}

/** The service's log lines of one event. */
const logged = (output: string, event: string) =>
  output
    .split('\n')
    .filter((l) => l.includes(`"${event}"`))
    .map((l) => JSON.parse(l) as Record<string, unknown>);

/** What the service logged of reopening its database after migrating it (boot.ts). */
const reopenings = (output: string) =>
  logged(output, 'database_reopened_after_migrating').map((l) => l.migrations);

async function stopCompiled() {
  const exited = new Promise((r) => child!.once('exit', r));
  child!.kill('SIGTERM');
  expect(await exited).toBe(0);
  child = undefined;
}

test('node runs the compiled service: /health, the dashboard page and its files, /openapi.json', async () => {
  const first = await startCompiled(join(scratch, 'data'));
  const url = first.url;
  // A first start creates and migrates its database in a child process (migrate-apart.ts), then
  // opens it as a restart would: nothing left to migrate, nothing to reopen.
  expect(logged(first.output(), 'database_created_apart')).toHaveLength(1);
  expect(reopenings(first.output())).toEqual([]);

  expect(await (await fetch(`${url}/health`)).json()).toMatchObject({
    status: 'ok',
    database: 'pglite',
  });
  const page = await fetch(`${url}/`);
  expect(page.status).toBe(200);
  // The files the build wrote: the route reads them, it makes nothing itself.
  const built = (name: string) => readFileSync(join(out, 'service/dashboard', name));
  expect(await page.text()).toBe(built('index.html').toString('utf8'));
  const script = await fetch(`${url}/dashboard/assets/app.js`);
  expect(script.status).toBe(200);
  expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  const js = await script.text();
  expect(js).toBe(built('app.js').toString('utf8'));
  expect(js).toContain('/api-team');
  expect(js).not.toMatch(/\bimport\s+type\b/);
  const style = await fetch(`${url}/dashboard/assets/app.css`);
  expect(await style.text()).toBe(built('app.css').toString('utf8'));
  const png = Buffer.from(await (await fetch(`${url}/dashboard/assets/icon-32.png`)).arrayBuffer());
  expect(png.equals(built('icon-32.png'))).toBe(true);
  expect((await fetch(`${url}/dashboard/assets/icon.svg`)).status).toBe(200);
  const doc = await fetch(`${url}/openapi.json`);
  expect(doc.status).toBe(200);
  expect(Object.keys(((await doc.json()) as { paths: object }).paths)).toContain(
    '/network-agent/fetch-profile',
  );

  await stopCompiled();
  // A restart with nothing to migrate keeps the database it opened.
  const again = await startCompiled(join(scratch, 'data'));
  expect((await fetch(`${again.url}/health`)).status).toBe(200);
  expect(reopenings(again.output())).toEqual([]);
  await stopCompiled();
}, 300_000);

test("node runs the compiled operator's CLI", async () => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [join(out, 'service/ops/cli.js'), 'help'],
    { cwd: scratch },
  );
  expect(stdout).toContain('rotate-key');
});

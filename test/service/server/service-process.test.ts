import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import { Agent, fetch as undiciFetch } from 'undici';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { runService, startServiceProcess } from '../../support/service-process.js';
import { seedPgliteFolder } from '../../support/pglite-image.js';

// Either database: the real process runs on its own PGlite in DATA_DIR (service-process.ts leaves DATABASE_URL out).

/**
 * `npm run service` as a newcomer runs it: the real process, configured by environment. The
 * database behaviour is covered elsewhere; here the process always uses PGlite in its DATA_DIR.
 */

// A real process's start-up is given 60 s (service-process.ts) for a loaded CI machine; each test a little more.
vi.setConfig({ testTimeout: 90_000 });

let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'na-process-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

/**
 * The service on a DATA_DIR of its own, migrated already as after a first start
 * (test/support/pglite-image.ts): a first start's migrations are compiled-service.test.ts's.
 */
async function startService(env: Record<string, string>) {
  const folder = join(dataDir, crypto.randomUUID());
  await seedPgliteFolder(join(folder, 'pglite'));
  return startServiceProcess({ DATA_DIR: folder, ...env });
}

test('bad configuration stops start-up with one clear line and exit code 1', async () => {
  const run = runService({ PORT: 'eighty', DATA_DIR: join(dataDir, 'bad') });
  expect(await run.exited).toBe(1);
  const lines = run
    .output()
    .trim()
    .split('\n')
    .filter((l) => !/^npm warn/.test(l));
  expect(lines).toEqual([
    'Invalid configuration: PORT must be a whole number from 0 to 65535 (got "eighty")',
  ]);
});

test('half a TLS configuration is refused at start-up', async () => {
  const run = runService({
    TLS_CERT_FILE: '/nonexistent.pem',
    DATA_DIR: join(dataDir, 'tls-half'),
  });
  expect(await run.exited).toBe(1);
  expect(run.output()).toContain('TLS_CERT_FILE and TLS_KEY_FILE must be set together');
});

test('start-up prints the URL; /health, /openapi.json and /docs answer; SIGTERM exits cleanly', async () => {
  const svc = await startService({});
  try {
    expect(svc.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const health = await fetch(`${svc.url}/health`);
    expect(await health.json()).toEqual({ status: 'ok', database: 'pglite', listen: 'up' });
    const doc = (await (await fetch(`${svc.url}/openapi.json`)).json()) as {
      openapi: string;
      paths: Record<string, unknown>;
    };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/network-agent/fetch-profile');
    const docs = await fetch(`${svc.url}/docs`);
    expect(docs.headers.get('content-type')).toContain('text/html');
    const bundle = await fetch(`${svc.url}/docs/assets/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
    expect((await bundle.text()).length).toBeGreaterThan(100_000);
  } finally {
    svc.child.kill('SIGTERM');
  }
  expect(await svc.exited).toBe(0);
  expect(svc.output()).toContain('SIGTERM: finishing in-flight requests, then exiting');
});

test('TLS_CERT_FILE and TLS_KEY_FILE make the service speak HTTPS', async () => {
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048,
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  } as Parameters<typeof generate>[1]);
  const cert = join(dataDir, 'cert.pem');
  const key = join(dataDir, 'key.pem');
  await writeFile(cert, pems.cert);
  await writeFile(key, pems.private);
  const svc = await startService({ TLS_CERT_FILE: cert, TLS_KEY_FILE: key });
  try {
    expect(svc.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const dispatcher = new Agent({ connect: { ca: pems.cert } });
    const res = await undiciFetch(`${svc.url}/health`, { dispatcher });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: 'pglite', listen: 'up' });
    // Plain HTTP on the same port is not served.
    await expect(fetch(svc.url.replace('https:', 'http:') + '/health')).rejects.toThrow();
  } finally {
    svc.child.kill('SIGTERM');
  }
  expect(await svc.exited).toBe(0);
});

test('a malformed secret is named but never echoed', async () => {
  const run = runService({
    SECRET_KEY: 'not-hex-but-secret-ish',
    DATA_DIR: join(dataDir, 'bad-secret'),
  });
  expect(await run.exited).toBe(1);
  expect(run.output()).toContain(
    'Invalid configuration: SECRET_KEY must be 64 hex characters (32 bytes)',
  );
  expect(run.output()).not.toContain('not-hex-but-secret-ish');
});

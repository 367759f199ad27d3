#!/usr/bin/env node
// `npm test`: the type checker, the linter (Biome) and the commit subjects' length, unit and
// service tests (vitest), then the extension is built for Chromium and for Firefox, its bundles
// checked against their size budgets (scripts/bundle-size.mjs) and the browser tests run (playwright: Debian's Chromium, and Firefox ESR
// through puppeteer-core in test/e2e/firefox.spec.ts), then the Firefox build is linted for the
// store (web-ext lint, no error or warning allowed), then the service's /openapi.json is linted
// (Redocly's recommended rules, no error or warning allowed). Ends with one line
// `N passed, N failed` over all of them.
//
// TEST_SCOPE=database (CI's second pass, on PostgreSQL) runs what depends on the database: the
// service tests, and the browser tests tagged @database. What does not (the checkers, unit and
// fake-network tests, the other browser tests, the store and API linters) ran in the first pass
// on the same code; this pass says so in its output.
//
// TEST_PART=vitest runs only the checkers and vitest, TEST_PART=browser only the builds, the
// browser tests and the store and API linters: CI (.ci/run) runs one pass's vitest beside the
// other's browser tests, which mostly wait. Without it, both.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { checkCommitSubjects, MAX_SUBJECT, SINCE } from './commit-subjects.mjs';
import { eitherDatabaseFiles } from './database-scope.mjs';
import { FIREFOX_DIR, lintFirefox } from './firefox-lint.mjs';
import { phaseClock, slowestSpecFiles, slowestVitestFiles, timingLines } from './test-timings.mjs';
import { specCounts, specWorkerDeaths } from './playwright-deaths.mjs';
import { testTally } from './test-tally.mjs';
import {
  filesWorkersDiedIn,
  vitestCounts,
  vitestFailures,
  witnessLines,
} from './vitest-failures.mjs';

const E2E_PORT = process.env.E2E_SERVICE_PORT ?? '18787';
const E2E_URL = `http://127.0.0.1:${E2E_PORT}`;
const tmp = mkdtempSync(join(tmpdir(), 'na-test-run-'));
const databaseOnly = process.env.TEST_SCOPE === 'database';
const PARTS = { all: ['vitest', 'browser'], vitest: ['vitest'], browser: ['browser'] };
const parts = PARTS[process.env.TEST_PART ?? 'all'];
if (!parts) {
  console.error(`TEST_PART is vitest, browser or unset (both), not ${process.env.TEST_PART}.`);
  process.exit(1);
}
const runsVitest = parts.includes('vitest');
const runsBrowser = parts.includes('browser');
if (!runsVitest) console.log('TEST_PART=browser: the checkers and vitest run in the vitest part.');
if (!runsBrowser)
  console.log('TEST_PART=vitest: the builds, browser tests and linters run in the browser part.');
if (databaseOnly)
  console.log(
    'TEST_SCOPE=database: the service tests and the browser tests tagged @database only; the checkers, unit, fake-network and other browser tests run in the full pass.',
  );

function run(cmd, args, env = {}) {
  console.log(`\n$ ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status ?? 1;
}

/** Like `run`, and keeps what the command printed (both streams) for the end of the run. */
function runKept(cmd, args) {
  console.log(`\n$ ${cmd} ${args.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['inherit', 'pipe', 'pipe'] });
    let printed = '';
    for (const [from, to] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ])
      from.on('data', (d) => {
        to.write(d);
        printed += d;
      });
    child.on('close', (code) => resolve({ status: code ?? 1, printed }));
  });
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * A browser the browser tests need (Debian's package `pkg`, at `/usr/bin/<pkg>` unless `envVar`
 * names another binary): installed here when we may (root), otherwise we stop and say how.
 */
function ensureBrowser(name, pkg, envVar) {
  const installed = `/usr/bin/${pkg}`;
  const path = process.env[envVar] ?? installed;
  if (existsSync(path)) return path;
  if (process.getuid?.() === 0) {
    console.log(`${name} is missing: installing it with apt-get.`);
    if (
      run('bash', [
        '-c',
        `apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y ${pkg}`,
      ]) === 0 &&
      existsSync(installed)
    )
      return installed;
  }
  console.error(`\n${name} is needed for the browser tests and was not found at ${path}.`);
  console.error(
    `Install it with:\n\n  sudo apt-get update && sudo apt-get install -y ${pkg}\n\nor set ${envVar} to a ${name} binary.`,
  );
  process.exit(1);
}

/**
 * PostgreSQL's server binaries: the database-restart test runs a server of its own (stopped and
 * started under a running service). Installed here when we may (root), otherwise we stop and say how.
 */
function ensurePostgresServer() {
  const hasPgCtl = () =>
    existsSync('/usr/lib/postgresql') &&
    spawnSync('bash', ['-c', 'ls /usr/lib/postgresql/*/bin/pg_ctl']).status === 0;
  if (process.env.PG_BIN || hasPgCtl()) return;
  if (process.getuid?.() === 0) {
    console.log('PostgreSQL is missing: installing it with apt-get.');
    if (
      run('bash', [
        '-c',
        'apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql',
      ]) === 0 &&
      hasPgCtl()
    )
      return;
  }
  console.error(
    "\nPostgreSQL's server binaries are needed for the database-restart test and were not found.",
  );
  console.error(
    'Install them with:\n\n  sudo apt-get update && sudo apt-get install -y postgresql\n\nor set PG_BIN to the folder holding pg_ctl and initdb.',
  );
  process.exit(1);
}
if (runsVitest) ensurePostgresServer();

/**
 * Starts `npm run service` on PGlite in a scratch folder, lints its /openapi.json, stops it. The
 * folder is migrated already, as after a first start (scripts/seed-pglite-folder.ts): the document
 * does not depend on it, and a first start's database creation and migrations are most of the
 * start's work.
 */
async function lintApiDocument() {
  const { DATABASE_URL: _own, ...env } = process.env;
  const tsx = join('node_modules', '.bin', 'tsx');
  const dataDir = join(tmp, 'api-lint');
  const seeded = spawnSync(tsx, ['scripts/seed-pglite-folder.ts', join(dataDir, 'pglite')], {
    encoding: 'utf8',
  });
  if (seeded.status !== 0) {
    console.error(`The API lint's data folder was not made:\n${seeded.stdout}${seeded.stderr}`);
    return false;
  }
  const service = spawn(tsx, ['src/service/main.ts'], {
    env: { ...env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  service.stdout.on('data', (d) => (out += d));
  service.stderr.on('data', (d) => (out += d));
  try {
    let url = null;
    // On a CI machine busy with the other passes, a start can take a minute.
    const began = Date.now();
    for (
      const deadline = began + 180_000;
      !url && Date.now() < deadline && service.exitCode === null;
    ) {
      url = /Service listening on (\S+)/.exec(out)?.[1] ?? null;
      if (!url) await new Promise((r) => setTimeout(r, 100));
    }
    if (!url) {
      const waited = Math.round((Date.now() - began) / 1000);
      console.error(
        `The service did not start for the API lint within ${waited} s (exit code ${service.exitCode}):\n${out}`,
      );
      return false;
    }
    console.log(`\n$ npx redocly lint ${url}/openapi.json --format json`);
    const lint = spawnSync(
      'npx',
      ['redocly', 'lint', `${url}/openapi.json`, '--format', 'json', '--max-problems', '1000'],
      {
        encoding: 'utf8',
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    );
    let report = null;
    try {
      report = JSON.parse(lint.stdout.slice(lint.stdout.indexOf('{')));
    } catch {
      console.error(lint.stdout, lint.stderr);
    }
    if (!report?.totals) {
      console.error('redocly lint gave no report.');
      return false;
    }
    for (const p of report.problems ?? [])
      console.log(`${p.severity}: ${p.ruleId}: ${p.message} (${p.location?.[0]?.pointer ?? ''})`);
    const { errors, warnings } = report.totals;
    console.log(`redocly lint: ${errors} errors, ${warnings} warnings`);
    return errors === 0 && warnings === 0;
  } finally {
    service.kill('SIGTERM');
  }
}

const tally = testTally();
const clock = phaseClock();

// 0. The code under its checkers: the type checker, and the linter (Biome's recommended rules,
// biome.json says which are off and why). Each counts as one test; any error or warning fails.
if (!databaseOnly && runsVitest) {
  tally.check(run('npx', ['tsc', '--noEmit']) === 0, 'the type checker (tsc)');
  tally.check(
    run('npx', ['biome', 'check', '--error-on-warnings', '.']) === 0,
    'the linter (Biome)',
  );
}
// Commit subjects after the formatting commit: at most 72 characters (scripts/commit-subjects.mjs).
// One test; without git history (a source archive) it is not counted either way, and says so.
const subjects = databaseOnly || !runsVitest ? null : checkCommitSubjects(process.cwd());
if (subjects) console.log('\n$ node scripts/commit-subjects.mjs');
if (!subjects) {
  if (runsVitest) console.log('Commit subjects: checked in the full pass.');
} else if ('skipped' in subjects) console.log(`Commit subjects: not checked, ${subjects.skipped}.`);
else {
  for (const c of subjects.long)
    console.error(`✗ ${c.commit}: subject of ${[...c.subject].length} characters: ${c.subject}`);
  console.log(
    `Commit subjects after ${SINCE.slice(0, 7)}: ${subjects.checked} checked, ${subjects.long.length} longer than ${MAX_SUBJECT} characters`,
  );
  tally.check(subjects.long.length === 0, `commit subjects of at most ${MAX_SUBJECT} characters`);
}

clock.lap(databaseOnly || !runsVitest ? '' : 'checkers');

// 1. Unit and service tests: what vitest printed and reported, and the files a test worker process
// died in.
async function runVitest() {
  const vitestJson = join(tmp, 'vitest.json');
  // The PostgreSQL pass leaves out the service tests that run the same on either database
  // (scripts/database-scope.mjs): they ran in the full pass.
  const sameEitherWay = databaseOnly ? eitherDatabaseFiles('test/service') : [];
  if (sameEitherWay.length)
    console.log(
      `\nRun in the full pass only, the same on either database: ${sameEitherWay.join(', ')}`,
    );
  // The witness of test workers' deaths (scripts/worker-exit-witness.mjs) runs in vitest's process.
  const { status: vitestStatus, printed: vitestPrinted } = await runKept('node', [
    '--import',
    './scripts/worker-exit-witness.mjs',
    'node_modules/vitest/vitest.mjs',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestJson}`,
    ...sameEitherWay.map((f) => `--exclude=${f}`),
    ...(databaseOnly ? ['test/service'] : []),
  ]);
  const v = readJson(vitestJson);
  // A worker that died fails its file's unreported tests, and is named at the end with how it ended.
  const diedIn =
    v && vitestStatus !== 0
      ? filesWorkersDiedIn(v, vitestPrinted).map((f) => relative(process.cwd(), f))
      : [];
  if (v) {
    const counts = vitestCounts(v);
    tally.add(counts);
    if (diedIn.length)
      tally.trouble(`a vitest worker process died while it ran ${diedIn.join(', ')}`);
    else if (vitestStatus !== 0 && counts.failed === 0)
      tally.trouble(`vitest ended with status ${vitestStatus}, no test having failed`);
  } else if (vitestStatus !== 0)
    tally.trouble(`vitest ended with status ${vitestStatus}, no report`);
  return { vitestStatus, vitestPrinted, v, diedIn };
}
const { vitestStatus, vitestPrinted, v, diedIn } = runsVitest
  ? await runVitest()
  : { vitestStatus: 0, vitestPrinted: '', v: null, diedIn: [] };
if (runsVitest) clock.lap('vitest');

// 2. The extension, built for the e2e service's URL (for Chromium, then for Firefox), and the
// browser tests in both; then the store and API linters. Their report (or null).
async function runBrowserPart() {
  const chrome = ensureBrowser('Chromium', 'chromium', 'CHROME_PATH');
  // Firefox ESR: test/e2e/firefox.spec.ts.
  const firefox = ensureBrowser('Firefox ESR', 'firefox-esr', 'FIREFOX_PATH');
  // CI's PostgreSQL pass follows the full pass's browser part, whose build for the same service
  // URL it may reuse (TEST_REUSE_BUILD=1); the browser tests' global setup checks that URL.
  const reuseBuild = databaseOnly && process.env.TEST_REUSE_BUILD === '1';
  if (reuseBuild)
    console.log("\nThe extension: the full pass's build, reused (TEST_REUSE_BUILD=1).");
  const buildStatus = reuseBuild
    ? 0
    : run('npx', ['wxt', 'build'], { WXT_DEFAULT_SERVICE_URL: E2E_URL });
  // The size budgets of the worker and the content script, and what they may not hold
  // (scripts/bundle-size.mjs): one test, failing with the modules that grew the bundle. Read from
  // the Chromium build, before the Firefox build replaces the bundle statistics.
  if (buildStatus === 0 && !reuseBuild) {
    tally.check(run('node', ['scripts/bundle-size.mjs']) === 0, 'the bundle size budgets');
  }
  const firefoxBuildStatus = databaseOnly
    ? 0
    : run('npx', ['wxt', 'build', '-b', 'firefox'], { WXT_DEFAULT_SERVICE_URL: E2E_URL });
  clock.lap('builds');
  let p = null;
  if (buildStatus !== 0 || firefoxBuildStatus !== 0) {
    console.error('The extension build failed.');
    tally.trouble('the extension build failed: no browser test ran');
  } else {
    const json = join(tmp, 'playwright.json');
    const status = run(
      'npx',
      [
        'playwright',
        'test',
        '--reporter=list,json',
        ...(databaseOnly ? ['--grep', '@database'] : []),
      ],
      {
        CHROME_PATH: chrome,
        FIREFOX_PATH: firefox,
        E2E_SKIP_BUILD: '1',
        E2E_SERVICE_PORT: E2E_PORT,
        PLAYWRIGHT_JSON_OUTPUT_NAME: json,
      },
    );
    p = readJson(json);
    if (p?.stats) {
      tally.add(specCounts(p));
      // A worker that died fails its test; how it ended is named beside it.
      for (const d of p.config ? specWorkerDeaths(p) : [])
        tally.trouble(
          `a Playwright worker process died (code=${d.code}, signal=${d.signal}) in "${d.test}" of ${d.file}`,
        );
      if (status !== 0 && (p.stats.unexpected ?? 0) === 0)
        tally.trouble(`Playwright ended with status ${status}, no test having failed`);
    } else if (status !== 0) tally.trouble(`Playwright ended with status ${status}, no report`);
  }

  clock.lap('browser tests');

  // 3. Store readiness: the Firefox build through Mozilla's own linter (web-ext lint), the build of
  // step 2 (only its default service URL differs from the one that goes to addons.mozilla.org). Any
  // error or warning fails the run; it counts as one test.
  if (databaseOnly) console.log('\nweb-ext lint: run in the full pass.');
  else tally.check(firefoxBuildStatus === 0 && lintFirefox(FIREFOX_DIR), 'web-ext lint');

  // 4. The API document as tools read it: the real service started on a free port, its
  // /openapi.json linted by Redocly with its recommended rules (redocly.yaml). Any error or warning
  // fails the run; it counts as one test.
  if (databaseOnly) console.log('redocly lint: run in the full pass.');
  else tally.check(await lintApiDocument(), 'redocly lint of /openapi.json');
  clock.lap(databaseOnly ? '' : 'store and API linters');
  return p;
}
const p = runsBrowser ? await runBrowserPart() : null;

rmSync(tmp, { recursive: true, force: true });
const vitestFailed = vitestStatus === 0 ? [] : vitestFailures(vitestPrinted);
if (vitestFailed.length)
  console.log(`\nWhat vitest reported failed, as it said it above:\n\n${vitestFailed.join('\n')}`);
else if (vitestStatus !== 0)
  console.log(`\nvitest ended with status ${vitestStatus}: see its output above.`);
if (diedIn.length) {
  console.log(`\nA vitest worker process died while it ran ${diedIn.join(', ')}.`);
  for (const line of witnessLines(vitestPrinted)) console.log(line);
}
console.log(
  `\n${timingLines(clock.phases(), slowestVitestFiles(v), slowestSpecFiles(p), (f) => relative(process.cwd(), f)).join('\n')}`,
);
const summary = tally.lines();
if (process.env.TEST_SUMMARY_FILE)
  writeFileSync(process.env.TEST_SUMMARY_FILE, `${summary.join('\n')}\n`);
console.log(`\n${summary.join('\n')}`);
process.exit(tally.failed > 0 ? 1 : 0);

#!/usr/bin/env node
// Mozilla's linter (web-ext lint) on the Firefox build, as addons.mozilla.org runs it: every error
// or warning fails. Used by `npm test` and `npm run lint:firefox`.
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** Where `wxt build -b firefox` puts the Firefox build (MV2: docs/store.md says why). */
export const FIREFOX_DIR = '.output/firefox-mv2';

/** Every folder of extension code: none of it may write markup as a string. */
const EXTENSION_SOURCES = [
  'entrypoints',
  'src/agent',
  'src/content',
  'src/network',
  'src/popup',
  'src/shared',
  'src/ui',
];

function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * Our own extension code never writes markup as a string (lit-html templates only); the linter
 * sees only the bundle, so the sources are read too. lit-html's own template parsing goes through
 * DOMParser in the extension's build (scripts/lit-template-parser.mjs).
 */
function markupWriters() {
  return EXTENSION_SOURCES.flatMap((d) => filesUnder(join(ROOT, d)))
    .filter(
      (f) =>
        /\.(ts|js|mjs|html)$/.test(f) &&
        /innerHTML|outerHTML|insertAdjacentHTML|document\.write/.test(readFileSync(f, 'utf8')),
    )
    .map((f) => relative(ROOT, f));
}

/** Runs the linter; answers whether the build passes, printing every message and the verdict. */
export function lintFirefox(dir = FIREFOX_DIR) {
  const out = resolve(ROOT, dir);
  console.log(`\n$ npx web-ext lint --source-dir ${dir} --output json`);
  const lint = spawnSync('npx', ['web-ext', 'lint', '--source-dir', out, '--output', 'json'], {
    encoding: 'utf8',
    env: process.env,
    cwd: ROOT,
  });
  let report = null;
  try {
    report = JSON.parse(lint.stdout);
  } catch {
    console.error(lint.stdout, lint.stderr);
  }
  if (!report?.summary) {
    console.error('web-ext lint gave no report.');
    return false;
  }
  let failing = 0;
  for (const kind of ['errors', 'warnings', 'notices']) {
    for (const m of report[kind] ?? []) {
      if (kind !== 'notices') failing++;
      console.log(`${kind.slice(0, -1)}: ${m.code}: ${m.message}${m.file ? ` (${m.file})` : ''}`);
    }
  }
  const writers = markupWriters();
  if (writers.length) {
    failing++;
    console.log(`our own code writes markup as a string: ${writers.join(', ')}`);
  }
  const { errors, warnings, notices } = report.summary;
  console.log(`web-ext lint: ${errors} errors, ${warnings} warnings, ${notices} notices`);
  return failing === 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exit(lintFirefox(process.argv[2] ?? FIREFOX_DIR) ? 0 : 1);
}

#!/usr/bin/env node
// Mozilla's linter (web-ext lint) on the Firefox build, as addons.mozilla.org runs it: every error
// or warning fails, except the few accepted below, each with its reason and a check that it is
// still exactly what was accepted. Used by `npm test` and `npm run lint:firefox`.
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** Where `wxt build -b firefox` puts the Firefox build (MV2: docs/store.md says why). */
export const FIREFOX_DIR = '.output/firefox-mv2';

/** Every folder of extension code: none of it may write markup as a string. */
const EXTENSION_SOURCES = ['entrypoints', 'src/agent', 'src/content', 'src/network', 'src/popup', 'src/shared', 'src/ui'];

function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * Warnings we accept. lit-html, the view layer of the popup (docs/architecture.md), builds each
 * template's <template> element from that template's own static strings, once, with `innerHTML`:
 * one assignment, in its `Template.createElement`. Values never go that way (they are set as text
 * or properties), so no data becomes markup; the linter cannot see that. Accepted only while the
 * popup's chunk holds exactly that one assignment and our own code none (docs/store.md,
 * "Reviewer notes").
 */
const ACCEPTED = [
  {
    code: 'UNSAFE_VAR_ASSIGNMENT',
    file: /^chunks\/popup-[\w-]+\.js$/,
    why: "lit-html's template element, built from the popup's own static template strings",
    holds(dir, file) {
      const code = readFileSync(join(dir, file), 'utf8');
      const assignments = code.match(/innerHTML/g) ?? [];
      const lit = /static createElement\((\w+),\w+\)\{const (\w+)=\w+\.createElement\("template"\);return \2\.innerHTML=\1,\2\}/;
      const ours = EXTENSION_SOURCES.flatMap((d) => filesUnder(join(ROOT, d))).filter((f) => /\.(ts|js|mjs|html)$/.test(f) && /innerHTML|outerHTML|insertAdjacentHTML/.test(readFileSync(f, 'utf8')));
      if (ours.length) return `our own code writes markup: ${ours.map((f) => relative(ROOT, f)).join(', ')}`;
      if (assignments.length !== 1 || !lit.test(code)) return `${file} no longer holds exactly lit-html's one template assignment`;
      return null;
    },
  },
];

/** Runs the linter; answers whether the build passes, printing every message and the verdict. */
export function lintFirefox(dir = FIREFOX_DIR) {
  const out = resolve(ROOT, dir);
  console.log(`\n$ npx web-ext lint --source-dir ${dir} --output json`);
  const lint = spawnSync('npx', ['web-ext', 'lint', '--source-dir', out, '--output', 'json'], { encoding: 'utf8', env: process.env, cwd: ROOT });
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
  let accepted = 0;
  for (const kind of ['errors', 'warnings', 'notices']) {
    for (const m of report[kind] ?? []) {
      const rule = kind === 'warnings' ? ACCEPTED.find((a) => a.code === m.code && a.file.test(m.file ?? '')) : undefined;
      const broken = rule?.holds(out, m.file);
      const line = `${kind.slice(0, -1)}: ${m.code}: ${m.message}${m.file ? ` (${m.file})` : ''}`;
      if (rule && !broken) {
        accepted++;
        console.log(`${line} — accepted: ${rule.why}`);
      } else {
        if (kind !== 'notices') failing++;
        console.log(broken ? `${line} — not accepted any more: ${broken}` : line);
      }
    }
  }
  const { errors, warnings, notices } = report.summary;
  console.log(`web-ext lint: ${errors} errors, ${warnings} warnings (${accepted} accepted), ${notices} notices`);
  return failing === 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exit(lintFirefox(process.argv[2] ?? FIREFOX_DIR) ? 0 : 1);
}

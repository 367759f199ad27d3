#!/usr/bin/env node
// The extension's size budgets, and what is in each bundle.
//
// The worker and the content script are parsed and run again and again: the worker every time
// Chrome wakes it (MV3 stops an idle worker after 30 s), the content script on every page of the
// network the member opens. So each has a budget, in the kB the build prints (1 kB = 1000 bytes,
// minified, not compressed).
//
// How it is measured: `bundleStats()` is a Vite plugin (wxt.config.ts) that, at the end of every
// build WXT runs, writes for each output chunk its real size and the modules in it, each with its
// size minified on its own (esbuild), into `.output/bundle-stats/<target>/<chunk>.json`, outside the
// extension folder so that it never ships. Run as a script (`node scripts/bundle-size.mjs`, part
// of `npm run build` and `npm test`), it prints each budgeted bundle with its largest modules, and
// fails when a bundle is over budget or holds a module it must not hold, naming the modules that
// grew it: the biggest growth against scripts/bundle-sizes.json (what was measured last time the
// budgets held; `node scripts/bundle-size.mjs --record` writes it), and the largest modules.
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'esbuild';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BASELINE_FILE = join(ROOT, 'scripts', 'bundle-sizes.json');

/** Bytes, minified, per output file of the Chrome build (paths inside `.output/chrome-mv3/`). */
export const BUDGETS = {
  'background.js': 72_000,
  'content-scripts/network.js': 40_000,
  // The operations, imported by the one tab the worker works in when it first needs them.
  'network-operations.js': 60_000,
};

/**
 * Modules a bundle must not hold, and why. The content script takes its task already checked by
 * the worker and the network map with it (`task:start`), so it needs no schema library and no map.
 */
const FORBIDDEN = {
  'background.js': [
    {
      pattern: /^node_modules\/zod\//,
      why: 'the worker checks against the contract written as JSON Schema at build time (scripts/contract-schemas.ts): no schema library in the worker',
    },
    {
      pattern: /^src\/network\/map\/built-in\.ts$/,
      why: 'the built-in network map ships as network-map.json, read by the worker when it needs it (src/agent/built-in-map.ts)',
    },
  ],
  'content-scripts/network.js': [
    {
      pattern: /^node_modules\/zod\//,
      why: 'zod belongs to the service: the content script imports only types and zod-free constants from the contract',
    },
    {
      pattern: /^src\/network\/map\/built-in\.ts$/,
      why: 'the built-in network map reaches the tab in task:start',
    },
    {
      pattern: /^src\/network\//,
      why: 'the operations load on first use, from network-operations.js (src/content/operations.ts)',
    },
  ],
  'network-operations.js': [
    {
      pattern: /^node_modules\/zod\//,
      why: 'zod belongs to the worker: the operations import only types and zod-free constants from the contract',
    },
    {
      pattern: /^src\/network\/map\/built-in\.ts$/,
      why: 'the built-in network map reaches the tab in task:start',
    },
  ],
};

/** Where the stats of one build target (`.output/chrome-mv3`) go. */
export const statsDirFor = (outDir) => join(dirname(outDir), 'bundle-stats', basename(outDir));

/**
 * The file the build writes the built-in network map to (wxt.config.ts, from the typed literal in
 * src/network/map/built-in.ts). It is data: 14 kB of JavaScript the worker would parse and compile
 * every time Chrome starts it, for a map it reads only when it runs a task, reads the session or
 * sends a heartbeat. As JSON beside the worker it is read on that first use (src/agent/built-in-map.ts).
 */
export const NETWORK_MAP_FILE = 'network-map.json';

/**
 * A Vite plugin marking the contract's module-level constants as pure (`/* @__PURE__ *\/`), so that
 * the extension's bundles keep only the schemas they use. Without it every schema of a contract
 * file the worker imports stays in, used or not: the bundler cannot know that zod's
 * `.check(...)` has no side effect. Only `const` initialisers of src/contract/*.ts are marked: a
 * schema is a value built from other values (`z.config(...)`, a statement, is left alone).
 */
export function pureContractSchemas() {
  const WRAPPED = new Set([
    'CallExpression',
    'ObjectExpression',
    'ArrayExpression',
    'MemberExpression',
  ]);
  return {
    name: 'network-agent:pure-contract-schemas',
    enforce: 'post',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]src[\\/]contract[\\/][^\\/]+\.ts$/.test(id.split('?')[0])) return null;
      const spans = [];
      for (const node of this.parse(code).body) {
        const decl = node.type === 'ExportNamedDeclaration' ? node.declaration : node;
        if (decl?.type !== 'VariableDeclaration' || decl.kind !== 'const') continue;
        for (const d of decl.declarations)
          if (d.init && WRAPPED.has(d.init.type)) spans.push([d.init.start, d.init.end]);
      }
      if (!spans.length) return null;
      let out = code;
      for (const [start, end] of spans.sort((a, b) => b[0] - a[0])) {
        out = `${out.slice(0, start)}/* @__PURE__ */ (() => (${out.slice(start, end)}))()${out.slice(end)}`;
      }
      return { code: out, map: null };
    },
  };
}

/** A module id as a reader knows it: repo-relative, `node_modules/<pkg>/…`, or a virtual id. */
function moduleName(id) {
  const clean = id.replace(/^\0/, '').split('?')[0];
  const nm = clean.lastIndexOf('/node_modules/');
  if (nm >= 0) return clean.slice(nm + 1);
  return clean.startsWith(ROOT) ? relative(ROOT, clean) : clean;
}

function minifiedSize(code) {
  if (!code) return 0;
  try {
    return Buffer.byteLength(
      transformSync(code, { minify: true, loader: 'js', logLevel: 'silent' }).code,
    );
  } catch {
    return Buffer.byteLength(code);
  }
}

/** The Vite plugin: writes the stats of every chunk it emits (see the top of this file). */
export function bundleStats() {
  let outDir = null;
  return {
    name: 'network-agent:bundle-stats',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      if (!outDir) return;
      const dir = statsDirFor(outDir);
      mkdirSync(dir, { recursive: true });
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const modules = {};
        for (const [id, m] of Object.entries(chunk.modules)) {
          const name = moduleName(id);
          modules[name] = (modules[name] ?? 0) + minifiedSize(m.code);
        }
        const stats = { file: chunk.fileName, bytes: Buffer.byteLength(chunk.code), modules };
        writeFileSync(
          join(dir, `${chunk.fileName.replace(/[/\\]/g, '__')}.json`),
          JSON.stringify(stats, null, 1),
        );
      }
    },
  };
}

/** Forgets the stats of an earlier build (WXT's `build:before`), so no stale chunk is read. */
export function clearBundleStats(outDir) {
  rmSync(statsDirFor(outDir), { recursive: true, force: true });
}

function readStats(outDir) {
  const dir = statsDirFor(outDir);
  const byFile = new Map();
  if (!existsSync(dir)) return byFile;
  for (const f of readdirSync(dir)) {
    if (!f.endsWith('.json')) continue;
    const s = JSON.parse(readFileSync(join(dir, f), 'utf8'));
    byFile.set(s.file, s);
  }
  return byFile;
}

function readBaseline() {
  return existsSync(BASELINE_FILE) ? JSON.parse(readFileSync(BASELINE_FILE, 'utf8')) : {};
}

/** As the build prints sizes: bytes under a kB, else kB with one decimal (1 kB = 1000 bytes). */
const kB = (n) => (Math.abs(n) < 1000 ? `${n} B` : `${(n / 1000).toFixed(1)} kB`);
const sorted = (modules) => Object.entries(modules).sort((a, b) => b[1] - a[1]);

/** Aggregates modules by package (node_modules) for a readable top list. */
function byPackage(modules) {
  const out = {};
  for (const [name, size] of Object.entries(modules)) {
    const m = /^node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(name);
    const key = m ? `${m[1]} (package)` : name;
    out[key] = (out[key] ?? 0) + size;
  }
  return out;
}

/**
 * Checks every budgeted bundle of a build target. Answers the lines to print and the failures;
 * `record` answers what to write as the new baseline.
 */
export function checkBundles(
  outDir = join(ROOT, '.output', 'chrome-mv3'),
  { top = 8, budgets = BUDGETS, baseline = readBaseline() } = {},
) {
  const stats = readStats(outDir);
  const lines = [];
  const failures = [];
  const record = {};
  for (const [file, budget] of Object.entries(budgets)) {
    const path = join(outDir, file);
    if (!existsSync(path)) {
      failures.push(`${file}: not built (no ${relative(ROOT, path)})`);
      continue;
    }
    const bytes = statSync(path).size;
    const s = stats.get(file);
    if (!s) {
      failures.push(
        `${file}: no bundle stats in ${relative(ROOT, statsDirFor(outDir))} (build with wxt.config.ts, whose bundleStats() plugin writes them)`,
      );
      continue;
    }
    record[file] = {
      bytes,
      modules: Object.fromEntries(sorted(s.modules).map(([n, v]) => [n, v])),
    };
    const over = bytes > budget;
    lines.push(
      `${over ? '✗' : '✓'} ${file}: ${kB(bytes)} of ${kB(budget)}${over ? `, OVER BUDGET by ${kB(bytes - budget)}` : ''}`,
    );
    for (const [name, size] of sorted(byPackage(s.modules)).slice(0, top))
      lines.push(`    ${kB(size).padStart(8)}  ${name}`);
    if (file === 'background.js' && existsSync(join(outDir, NETWORK_MAP_FILE))) {
      lines.push(
        `    (beside it: ${NETWORK_MAP_FILE}, ${kB(statSync(join(outDir, NETWORK_MAP_FILE)).size)}, the built-in network map, read on first use)`,
      );
    }

    const bad = [];
    for (const rule of FORBIDDEN[file] ?? []) {
      for (const name of Object.keys(s.modules))
        if (rule.pattern.test(name)) bad.push(`${name} (${rule.why})`);
    }
    if (bad.length)
      failures.push(`${file} holds modules it must not:\n      ${bad.join('\n      ')}`);

    if (over) {
      const before = baseline[file]?.modules ?? {};
      const growth = Object.entries(s.modules)
        .map(([name, size]) => [name, size - (before[name] ?? 0), !(name in before)])
        .filter(([, d]) => d > 0)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5);
      const grew = growth.length
        ? growth.map(([name, d, added]) => `${name} +${kB(d)}${added ? ' (new)' : ''}`).join(', ')
        : 'nothing against scripts/bundle-sizes.json';
      const largest = sorted(s.modules)
        .slice(0, 3)
        .map(([n, v]) => `${n} ${kB(v)}`)
        .join(', ');
      failures.push(
        `${file} is ${kB(bytes)}, over its ${kB(budget)} budget by ${kB(bytes - budget)}. Grew most: ${grew}. Largest: ${largest}`,
      );
    }
  }
  return { lines, failures, record };
}

// As a script: print, fail when over budget; `--record` also writes the baseline when within it.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dirArg = process.argv.indexOf('--dir');
  const outDir = resolve(
    dirArg > 0 ? process.argv[dirArg + 1] : join(ROOT, '.output', 'chrome-mv3'),
  );
  const { lines, failures, record } = checkBundles(outDir);
  console.log(`Bundle budgets (${relative(ROOT, outDir)}):`);
  for (const l of lines) console.log(l);
  if (failures.length) {
    for (const f of failures) console.error(`\n✗ ${f}`);
    process.exit(1);
  }
  if (process.argv.includes('--record')) {
    writeFileSync(BASELINE_FILE, `${JSON.stringify(record, null, 2)}\n`);
    console.log(`Recorded in ${relative(ROOT, BASELINE_FILE)}`);
  }
}

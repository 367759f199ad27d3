import { execFile } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { BUDGETS, checkBundles } from '../scripts/bundle-size.mjs';
import { writeBenchResults } from './results-file.js';

/**
 * The extension's bundles against their budgets (scripts/bundle-size.mjs): builds the Chrome
 * extension (`wxt build`, into .output/) and reports each budgeted bundle's size and its largest
 * packages and modules.
 */
interface BundleResult {
  file: string;
  kb: number;
  budget_kb: number;
  largest: { module: string; kb: number }[];
}

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const kb = (bytes: number) => Math.round(bytes / 100) / 10;

export async function runBundleBench(): Promise<{
  file: string;
  results: BundleResult[];
  failures: string[];
}> {
  await promisify(execFile)('npx', ['wxt', 'build'], { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 });
  // A bundle over its budget is a figure to report (bench/goals.ts), not a bench that failed.
  const { record, failures } = checkBundles();
  const results = Object.entries(
    record as Record<string, { bytes: number; modules: Record<string, number> }>,
  ).map(([file, r]) => ({
    file,
    kb: kb(r.bytes),
    budget_kb: kb(BUDGETS[file as keyof typeof BUDGETS]),
    largest: Object.entries(r.modules)
      .slice(0, 5)
      .map(([module, bytes]) => ({ module, kb: kb(bytes) })),
  }));
  const out = await writeBenchResults('bundle-size', {
    machine: { cpus: os.cpus().length, node: process.version },
    results,
    failures,
  });
  return { file: out, results, failures };
}

export function printBundleTable(results: BundleResult[], failures: string[] = []): void {
  console.log('\nextension bundles (minified, 1 kB = 1000 bytes)');
  for (const failure of failures) console.log(`failed: ${failure}`);
  for (const r of results) {
    console.log(
      `${r.file}: ${r.kb} kB of ${r.budget_kb} kB; largest: ${r.largest.map((m) => `${m.module} ${m.kb} kB`).join(', ')}`,
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runBundleBench()
    .then(({ file, results, failures }) => {
      printBundleTable(results, failures);
      console.log(`\nwritten to ${file}`);
    })
    .catch((err) => console.error(`bench could not run: ${(err as Error).message}`))
    .finally(() => process.exit(0));
}

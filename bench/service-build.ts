import { rmSync } from 'node:fs';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildService } from '../scripts/build-service.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

/** The environment variable naming a build of the service (its `dist/`) for benches to run. */
const SERVICE_BUILD_ENV = 'BENCH_SERVICE_BUILD';

/** The service built into a new scratch folder, beside a link to node_modules it imports from. */
async function buildIntoScratch(): Promise<string> {
  const scratch = await mkdtemp(join(tmpdir(), 'na-bench-build-'));
  await symlink(join(ROOT, 'node_modules'), join(scratch, 'node_modules'), 'dir');
  await buildService(join(scratch, 'dist'));
  return scratch;
}

/**
 * The service built as `npm run build` builds it (scripts/build-service.ts), into a scratch folder
 * that `use` gets (its `dist/`), removed after: what `npm run service` runs, not the sources.
 */
export async function withServiceBuild<T>(use: (dir: string) => Promise<T>): Promise<T> {
  const scratch = await buildIntoScratch();
  try {
    return await use(scratch);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

let built: Promise<string> | undefined;

/**
 * The `dist/` folder of the build a bench's service instances run: the one SERVICE_BUILD_ENV names,
 * else one made once for this process, named in its environment for the processes it spawns, and
 * removed as it exits. Undefined with BENCH_SOURCES=1: the sources, through the TypeScript loader,
 * whose kept function names add memory and work to every closure.
 */
export function benchServiceBuild(): Promise<string> | undefined {
  if (process.env.BENCH_SOURCES === '1') return undefined;
  const named = process.env[SERVICE_BUILD_ENV];
  if (named) return Promise.resolve(named);
  built ??= buildIntoScratch().then((scratch) => {
    process.once('exit', () => rmSync(scratch, { recursive: true, force: true }));
    process.env[SERVICE_BUILD_ENV] = join(scratch, 'dist');
    return join(scratch, 'dist');
  });
  return built;
}

import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildService } from '../scripts/build-service.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

/**
 * The service built as `npm run build` builds it (scripts/build-service.ts), into a scratch folder
 * that `use` gets (its `dist/` beside a link to this repository's node_modules, which the build
 * imports its packages from), removed after: what `npm run service` runs, not the sources.
 */
export async function withServiceBuild<T>(use: (dir: string) => Promise<T>): Promise<T> {
  const scratch = await mkdtemp(join(tmpdir(), 'na-bench-build-'));
  try {
    await symlink(join(ROOT, 'node_modules'), join(scratch, 'node_modules'), 'dir');
    await buildService(join(scratch, 'dist'));
    return await use(scratch);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { E2E_SERVICE_URL } from './e2e-env.js';
import { launchDashboardPage, mailedCode, startE2eService } from './harness.js';

/**
 * What a dashboard test stands on: the real service on its lane's port (PGlite in a scratch folder,
 * or a schema of its own on PostgreSQL; `env`: more of its settings, as an operator sets them) and
 * Chromium with one page, whose errors are collected. `stop` closes both and removes the folder.
 */
export async function startDashboardWorld(name: string, env: Record<string, string> = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), `na-e2e-${name}-`));
  const service = await startE2eService(dataDir, env);
  const { browser, context, page, errors } = await launchDashboardPage();
  return {
    /** The test's scratch folder: the service's data, and room for a browser profile of its own. */
    dataDir,
    service,
    url: E2E_SERVICE_URL,
    browser,
    context,
    page,
    errors,
    /** The code of the newest mail to `email` (after `after`, a time in ms), as a person reads it. */
    mailedCode: (email: string, after?: number) => mailedCode(service.outboxDir, email, after),
    async stop() {
      await browser.close();
      await service.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
export type DashboardWorld = Awaited<ReturnType<typeof startDashboardWorld>>;

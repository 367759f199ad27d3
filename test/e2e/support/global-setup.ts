import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHROME_PATH, E2E_SERVICE_URL, EXTENSION_DIR } from './e2e-env.js';

/** Builds the extension for the e2e service's URL (scripts/test.mjs has done it already: E2E_SKIP_BUILD=1). */
export default function globalSetup() {
  if (!existsSync(CHROME_PATH)) {
    throw new Error(`Chromium not found at ${CHROME_PATH}. Install it (apt-get install -y chromium) or set CHROME_PATH.`);
  }
  if (process.env.E2E_SKIP_BUILD !== '1') {
    execFileSync('npx', ['wxt', 'build'], { stdio: 'inherit', env: { ...process.env, WXT_DEFAULT_SERVICE_URL: E2E_SERVICE_URL } });
  }
  const manifest = JSON.parse(readFileSync(join(EXTENSION_DIR, 'manifest.json'), 'utf8')) as { host_permissions: string[] };
  if (!manifest.host_permissions.includes(`${E2E_SERVICE_URL}/*`)) {
    throw new Error(`The extension in ${EXTENSION_DIR} was not built for ${E2E_SERVICE_URL}; run without E2E_SKIP_BUILD`);
  }
}

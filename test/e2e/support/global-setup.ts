import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CHROME_PATH,
  E2E_SERVICE_URL,
  EXTENSION_DIR,
  FIREFOX_EXTENSION_DIR,
  FIREFOX_PATH,
} from './e2e-env.js';

/**
 * Builds the extension for the e2e service's URL, for Chromium and for Firefox (scripts/test.mjs has
 * done it already: E2E_SKIP_BUILD=1), and checks both browsers are installed.
 */
export default function globalSetup() {
  if (!existsSync(CHROME_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROME_PATH}. Install it (apt-get install -y chromium) or set CHROME_PATH.`,
    );
  }
  if (!existsSync(FIREFOX_PATH)) {
    throw new Error(
      `Firefox not found at ${FIREFOX_PATH}. Install it (apt-get install -y firefox-esr) or set FIREFOX_PATH.`,
    );
  }
  if (process.env.E2E_SKIP_BUILD !== '1') {
    const env = { ...process.env, WXT_DEFAULT_SERVICE_URL: E2E_SERVICE_URL };
    execFileSync('npx', ['wxt', 'build'], { stdio: 'inherit', env });
    execFileSync('npx', ['wxt', 'build', '-b', 'firefox'], { stdio: 'inherit', env });
  }
  const manifest = JSON.parse(readFileSync(join(EXTENSION_DIR, 'manifest.json'), 'utf8')) as {
    host_permissions: string[];
  };
  if (!manifest.host_permissions.includes(`${E2E_SERVICE_URL}/*`)) {
    throw new Error(
      `The extension in ${EXTENSION_DIR} was not built for ${E2E_SERVICE_URL}; run without E2E_SKIP_BUILD`,
    );
  }
  // Firefox's host permission holds no port (src/shared/default-service-url.ts): the worker's default URL tells.
  if (
    !readFileSync(join(FIREFOX_EXTENSION_DIR, 'background.js'), 'utf8').includes(E2E_SERVICE_URL)
  ) {
    throw new Error(
      `The Firefox add-on in ${FIREFOX_EXTENSION_DIR} was not built for ${E2E_SERVICE_URL}; run without E2E_SKIP_BUILD`,
    );
  }
}

import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BUILT_EXTENSION_DIR,
  BUILT_FIREFOX_EXTENSION_DIR,
  CHROME_PATH,
  E2E_LANES,
  FIREFOX_PATH,
  laneCopyDir,
  laneServiceUrl,
} from './e2e-env.js';

/**
 * Builds the extension for lane 0's service URL, for Chromium and for Firefox (scripts/test.mjs has
 * done it already: E2E_SKIP_BUILD=1), gives every other lane a copy whose default service is its own
 * port (the build's only difference between two URLs), and checks both browsers are installed and
 * every lane's builds point at its service.
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
    const env = { ...process.env, WXT_DEFAULT_SERVICE_URL: laneServiceUrl(0) };
    execFileSync('npx', ['wxt', 'build'], { stdio: 'inherit', env });
    execFileSync('npx', ['wxt', 'build', '-b', 'firefox'], { stdio: 'inherit', env });
  }
  for (let lane = 0; lane < E2E_LANES; lane++) {
    for (const built of [BUILT_EXTENSION_DIR, BUILT_FIREFOX_EXTENSION_DIR])
      if (lane > 0) copyForLane(built, lane);
    checkLaneBuilds(lane);
  }
}

/** Lane `lane`'s copy of a build: the same files, lane 0's service URL replaced by the lane's. */
function copyForLane(built: string, lane: number) {
  const dir = laneCopyDir(built, lane);
  rmSync(dir, { recursive: true, force: true });
  cpSync(built, dir, { recursive: true });
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(js|json)$/.test(entry.name)) continue;
    const file = join(entry.parentPath, entry.name);
    const text = readFileSync(file, 'utf8');
    if (text.includes(laneServiceUrl(0)))
      writeFileSync(file, text.replaceAll(laneServiceUrl(0), laneServiceUrl(lane)));
  }
}

function checkLaneBuilds(lane: number) {
  const url = laneServiceUrl(lane);
  const chromeDir = laneCopyDir(BUILT_EXTENSION_DIR, lane);
  const manifest = JSON.parse(readFileSync(join(chromeDir, 'manifest.json'), 'utf8')) as {
    host_permissions: string[];
  };
  if (!manifest.host_permissions.includes(`${url}/*`)) {
    throw new Error(
      `The extension in ${chromeDir} was not built for ${url}; run without E2E_SKIP_BUILD`,
    );
  }
  // Firefox's host permission holds no port (src/shared/default-service-url.ts): the worker's default URL tells.
  const firefoxDir = laneCopyDir(BUILT_FIREFOX_EXTENSION_DIR, lane);
  if (!readFileSync(join(firefoxDir, 'background.js'), 'utf8').includes(url)) {
    throw new Error(
      `The Firefox add-on in ${firefoxDir} was not built for ${url}; run without E2E_SKIP_BUILD`,
    );
  }
}

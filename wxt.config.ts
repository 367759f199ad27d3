import { defineConfig } from 'wxt';
import {
  bundleStats,
  checkBundles,
  clearBundleStats,
  NETWORK_MAP_FILE,
  pureContractSchemas,
} from './scripts/bundle-size.mjs';
import { contractSchemasModule } from './scripts/contract-schemas.js';
import { taskKindsModule } from './scripts/task-kinds-module.js';
import { litTemplateParser } from './scripts/lit-template-parser.mjs';
import { BUILT_IN_NETWORK_MAP } from './src/network/map/built-in.js';
import { servicePermission } from './src/shared/default-service-url.js';
import { extensionServiceUrl } from './scripts/extension-service-url.js';

// The service the extension talks to unless the user enters another one in the popup:
// WXT_DEFAULT_SERVICE_URL, else where the service started with the same environment is
// (PUBLIC_URL, or HOST and PORT). The e2e tests build with it pointing at their own service's port.
const DEFAULT_SERVICE_URL = extensionServiceUrl(process.env);

const ICONS = { 16: 'icons/16.png', 32: 'icons/32.png', 48: 'icons/48.png', 128: 'icons/128.png' };
const ACTION = {
  default_title: 'Network Agent',
  default_icon: { 16: 'icons/16.png', 32: 'icons/32.png' },
};

export default defineConfig({
  srcDir: '.',
  entrypointsDir: 'entrypoints',
  outDir: '.output',
  manifest: ({ browser }) => ({
    name: 'Network Agent',
    description: "Runs your team's queued network tasks in your signed-in network tab.",
    // storage: credentials and state; alarms: the minute alarm that revives the worker's loop.
    // No "tabs": with the host permission for the network, tabs.query by URL, tabs.create/remove
    // and tabs.sendMessage work without it.
    permissions: ['storage', 'alarms'],
    host_permissions: [
      'https://www.linkedin.com/*',
      servicePermission(new URL(DEFAULT_SERVICE_URL).origin, browser === 'firefox'),
    ],
    // The network operations, imported by the content script of the tab that works
    // (src/content/operations.ts). Web-accessible to the network's pages only and, in Chrome, at the
    // per-session URL that Chrome recommends for every web-accessible file: only our own content
    // script is handed it. Firefox's content script holds the operations itself.
    ...(browser === 'firefox'
      ? {}
      : {
          web_accessible_resources: [
            {
              resources: ['network-operations.js'],
              matches: ['https://www.linkedin.com/*'],
              use_dynamic_url: true,
            },
          ],
        }),
    // Another service URL is asked for when the user enters it, never up front.
    optional_host_permissions: ['https://*/*', 'http://*/*'],
    // The mark, rendered from assets/icon.svg by scripts/render-icons.mjs into public/icons/ (WXT
    // copies public/ into every build). The toolbar icon changes with the agent's state
    // (src/agent/badge.ts); these are the icons it starts with.
    icons: ICONS,
    action: ACTION,
    ...(browser === 'firefox'
      ? {
          // WXT builds MV2's browser_action from the popup and drops `action` when there is a
          // popup, so the MV2 key is given here too.
          browser_action: ACTION,
          // MV2 has no optional_host_permissions: optional origins go in optional_permissions.
          optional_permissions: ['https://*/*', 'http://*/*'],
          browser_specific_settings: {
            gecko: {
              id: 'network-agent@network-agent.local',
              // Firefox 140 (the ESR since 2025) is the first to show the data consent below;
              // Firefox for Android has it from 142.
              strict_min_version: '140.0',
              // Firefox's data consent at install (docs/store.md, "Data"): the extension sends the
              // member's name, e-mail and sign-in code, and what it reads on the network
              // (profiles, posts, companies, connections), to the team's own service, the URL the
              // member signs in to. That is its purpose, so these are required. Diagnostics
              // (browser name, which network calls fail) are optional and sent only when allowed
              // (src/agent/data-consent.ts). Nothing goes anywhere else.
              data_collection_permissions: {
                required: ['personallyIdentifyingInfo', 'authenticationInfo', 'websiteContent'],
                optional: ['technicalAndInteraction'],
              },
            },
            gecko_android: { strict_min_version: '142.0' },
          },
        }
      : {}),
  }),
  zip: {
    // The sources zip (Firefox) holds what a reviewer needs to rebuild the extension with
    // `npm install && npm run build:firefox` (docs/store.md, "Building the zips"), and nothing
    // else: a list of what goes in, so that the service, tests, benchmarks, screenshots and any
    // stray local file stay out.
    excludeSources: ['**/*'],
    includeSources: [
      'package.json',
      'package-lock.json',
      'tsconfig.json',
      'wxt.config.ts',
      'README.md',
      'docs/*.md',
      'entrypoints/**',
      'src/agent/**',
      'src/content/**',
      'src/popup/**',
      'src/shared/**',
      'src/ui/**',
      'src/network/**',
      'src/contract/**',
      'public/**',
      'assets/**',
      'scripts/render-icons.mjs',
      'scripts/bundle-size.mjs',
      'scripts/contract-schemas.ts',
      'scripts/extension-service-url.ts',
      'scripts/lit-template-parser.mjs',
    ],
  },
  vite: () => ({
    define: { __DEFAULT_SERVICE_URL__: JSON.stringify(DEFAULT_SERVICE_URL) },
    // The size budgets (scripts/bundle-size.mjs): what each bundle holds, and only the contract's
    // schemas a bundle uses. lit-html's templates parsed without innerHTML (scripts/lit-template-parser.mjs).
    // The worker's checks as JSON Schema, from the contract (scripts/contract-schemas.ts), and its
    // task kinds without their words (scripts/task-kinds-module.ts).
    plugins: [
      bundleStats(),
      pureContractSchemas(),
      litTemplateParser(),
      contractSchemasModule(),
      taskKindsModule(),
    ],
    // terser, two passes: 3 % smaller than esbuild's minifier on our bundles, which counts against
    // the content script's budget. Only the extension is built this way; the dashboard keeps esbuild.
    build: {
      minify: 'terser' as const,
      terserOptions: { ecma: 2020, compress: { passes: 3 }, format: { comments: false } },
      rollupOptions: {
        // zod's sources carry comments that mention `@__PURE__` in prose; Rollup takes each for a
        // misplaced annotation, drops the comment and warns on every build. The code is unchanged
        // and the file is zod's: nobody building can act on it. Any other warning is printed.
        onwarn(warning, warn) {
          if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/zod/'))
            return;
          warn(warning);
        },
      },
    },
  }),
  hooks: {
    'build:before': (wxt) => clearBundleStats(wxt.config.outDir),
    // The built-in network map, as data beside the worker (src/agent/built-in-map.ts reads it).
    'build:publicAssets': (_wxt, files) => {
      files.push({
        relativeDest: NETWORK_MAP_FILE,
        contents: JSON.stringify(BUILT_IN_NETWORK_MAP),
      });
    },
    // Every build prints its budgets; `npm test` fails over them (scripts/bundle-size.mjs).
    'build:done': (wxt) => {
      // The budgets are the Chrome build's: Firefox's content script holds the operations itself (above).
      if (wxt.config.browser === 'firefox')
        return wxt.logger.info('Bundle budgets: measured on the Chrome build (npm run size)');
      const { lines, failures } = checkBundles(wxt.config.outDir);
      wxt.logger.info(
        `Bundle budgets:\n${[...lines, ...failures.map((f) => `✗ ${f}`)].join('\n')}`,
      );
    },
  },
});

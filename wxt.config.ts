import { defineConfig } from 'wxt';

// The service the extension talks to unless the user enters another one in the popup. The e2e
// tests build with it pointing at their own service's fixed loopback port.
const DEFAULT_SERVICE_URL = process.env.WXT_DEFAULT_SERVICE_URL ?? 'http://127.0.0.1:8787';

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
    host_permissions: ['https://www.linkedin.com/*', `${new URL(DEFAULT_SERVICE_URL).origin}/*`],
    // Another service URL is asked for when the user enters it, never up front.
    optional_host_permissions: ['https://*/*', 'http://*/*'],
    action: { default_title: 'Network Agent' },
    ...(browser === 'firefox'
      ? {
          // MV2 has no optional_host_permissions: optional origins go in optional_permissions.
          optional_permissions: ['https://*/*', 'http://*/*'],
          browser_specific_settings: { gecko: { id: 'network-agent@network-agent.local', strict_min_version: '115.0' } },
        }
      : {}),
  }),
  vite: () => ({
    define: { __DEFAULT_SERVICE_URL__: JSON.stringify(DEFAULT_SERVICE_URL) },
  }),
});

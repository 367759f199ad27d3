import { defineConfig } from 'wxt';

// The service the extension talks to unless the user enters another one in the popup.
const DEFAULT_SERVICE_URL = process.env.WXT_DEFAULT_SERVICE_URL ?? 'http://127.0.0.1:8787';

export default defineConfig({
  srcDir: '.',
  entrypointsDir: 'entrypoints',
  outDir: '.output',
  manifest: {
    name: 'Network Agent',
    description: 'Runs your team\'s queued network tasks in your signed-in network tab.',
    permissions: ['storage', 'alarms'],
    host_permissions: ['https://www.linkedin.com/*', `${new URL(DEFAULT_SERVICE_URL).origin}/*`],
    // Another service URL is asked for when the user enters it, never up front.
    optional_host_permissions: ['https://*/*', 'http://*/*'],
  },
  vite: () => ({
    define: { __DEFAULT_SERVICE_URL__: JSON.stringify(DEFAULT_SERVICE_URL) },
  }),
});

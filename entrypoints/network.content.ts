import { defineContentScript } from 'wxt/utils/define-content-script';
import { contentRoutes } from '../src/content/content-routes.js';
import { listen } from '../src/shared/messaging.js';

// Runs the worker's tasks inside the signed-in network tab, with the tab's own session. `ctx` is
// this script's life: it ends when the extension is updated or reloaded (src/content/).
export default defineContentScript({
  matches: ['https://www.linkedin.com/*'],
  runAt: 'document_idle',
  allFrames: false,
  main(ctx) {
    ctx.onInvalidated(listen(contentRoutes(ctx)));
  },
});

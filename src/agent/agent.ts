import { browser } from 'wxt/browser';
import { refreshBadge, watchBadge } from './badge.js';
import { kickLoop } from './claim-loop.js';
import { realClock, type Clock } from './clock.js';
import type { AgentContext } from './context.js';
import { openJournal, type Journal } from './journal.js';
import { listen } from '../shared/messaging.js';
import { storedClient } from './stored-client.js';
import type { ToWorker } from '../shared/protocol.js';
import { workerRoutes } from './worker-routes.js';

const LOOP_ALARM = 'agent-loop';

/**
 * Wires the background worker. MV3 ends an idle worker after 30 s; the listeners registered here
 * (synchronously, at the top level of the worker, as MV3 requires) bring it back: the minute alarm,
 * browser start, install/update, and messages (a content script's result wakes it too).
 */
export function startAgent(clock: Clock = realClock): AgentContext {
  let journal: Promise<Journal> | null = null;
  const journalOnce = () => (journal ??= openJournal());

  const ctx: AgentContext = {
    clock,
    // Filled in below; the journal opens lazily so that registering listeners stays synchronous.
    journal: undefined as unknown as Journal,
    client: () => storedClient(clock),
    kick() {
      void ready.then(() => kickLoop(ctx)).catch((err) => console.error('claim loop failed', err));
    },
  };
  const ready = journalOnce().then((j) => {
    ctx.journal = j;
  });

  const routes = workerRoutes(ctx);
  // Messages may arrive before the journal is open: wait for it inside each handler.
  for (const route of Object.values(routes)) {
    const handle = route!.handle as (data: unknown, sender: unknown) => Promise<unknown>;
    (route as { handle: typeof handle }).handle = async (data, sender) => {
      await ready;
      return handle(data, sender);
    };
  }
  listen<ToWorker>(routes);
  // The toolbar follows the stored state from the worker's first moment (badge.ts).
  watchBadge(() => clock.now());
  void refreshBadge(() => clock.now());

  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === LOOP_ALARM) ctx.kick();
  });
  browser.runtime.onStartup.addListener(() => ctx.kick());
  browser.runtime.onInstalled.addListener(() => ctx.kick());
  void browser.alarms.get(LOOP_ALARM).then((existing) => {
    if (!existing) void browser.alarms.create(LOOP_ALARM, { periodInMinutes: 1 });
  });
  ctx.kick();
  return ctx;
}

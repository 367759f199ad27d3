import { browser } from 'wxt/browser';
import { agentStateItem } from './agent-state.js';
import { refreshBadge as showStoredBadge } from './badge.js';
import { decideClaim, type ClaimDecision } from './claim-decision.js';
import type { AgentContext } from './context.js';
import { getCredentials } from './credentials.js';
import { giveBackTask } from './give-back-task.js';
import { sendHeartbeat } from './heartbeat.js';
import { heartbeatDue, reportFor } from './heartbeat-due.js';
import { closeIdleTab } from './network-tab.js';
import { pacingItem, pacingVerdict, recordRun } from './pacing.js';
import { safetyStopsItem, stopVerdict } from './safety-stops.js';
import { deliverResults, noteServiceFailure, serviceWaitUntil } from './service-failure.js';
import { settingsItem } from './settings.js';
import { recoverInflight, runClaimedTask } from './task-runner.js';
import type { ClaimedTask } from '../contract/agent.js';

/**
 * The claim loop: heartbeat when due, deliver journaled results, then long-poll a claim and run what
 * comes, for as long as claiming is allowed. It ends when it must not claim (signed out, paused,
 * stopped, budget spent) or the service cannot be reached; the minute alarm, the worker's start
 * and every change of state start it again.
 */

let running: Promise<void> | null = null;
let again = false;
let claimAbort: AbortController | null = null;
/** Whether a claim is waiting for work now (its request sent, its answer not yet in). */
let claimWaiting = false;
/** A heartbeat sent beside the waiting claim (heartbeatSoon), while it is on its way. */
let besideClaim: Promise<boolean> | null = null;

/** Runs the loop unless it runs already (then it takes one more look when the current round ends). */
export function kickLoop(ctx: AgentContext): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    const keepAlive = setInterval(
      () => void browser.runtime.getPlatformInfo().catch(() => {}),
      20_000,
    );
    try {
      do {
        again = false;
        await loop(ctx);
      } while (again);
    } finally {
      clearInterval(keepAlive);
      running = null;
    }
    await scheduleWake(ctx);
  })();
  return running;
}

let wake: ReturnType<typeof setTimeout> | null = null;

/**
 * Results still waiting (the service was down), or a wait the service asked for: look again when
 * the first result is due or the wait ends, without waiting for the minute alarm. If the worker is
 * stopped meanwhile, the alarm brings it back (and the loop keeps the stored wait).
 */
async function scheduleWake(ctx: AgentContext): Promise<void> {
  if (wake) return;
  const now = ctx.clock.now();
  const waitUntil = await serviceWaitUntil(now);
  const waiting = await ctx.journal.all();
  if (!waiting.length && waitUntil === null) return;
  const next = Math.max(
    waitUntil ?? 0,
    waiting.length ? Math.min(...waiting.map((e) => e.next_try_at)) : 0,
  );
  wake = setTimeout(
    () => {
      wake = null;
      ctx.kick();
    },
    Math.min(60_000, Math.max(500, next - now)),
  );
}

/**
 * Ends a waiting long poll at once (pause, sign-out), so the loop looks at the new state. An answer
 * already begun is read to the end (service-client.ts) and its task given back if it must not run.
 */
export function interruptClaim(): void {
  claimAbort?.abort();
}

/**
 * A heartbeat wanted now (the open popup's budgets and drafts should be seconds old). While a claim
 * waits for work, it goes beside the claim: ending the claim for it could lose a task the service
 * hands out at that moment, until its lease runs out. Otherwise the loop sends it at its next look.
 */
export function heartbeatSoon(ctx: AgentContext): void {
  if (!claimWaiting) ctx.kick();
  else
    besideClaim ??= sendHeartbeat(ctx).finally(() => {
      besideClaim = null;
    });
}

/**
 * One consistent look at everything the loop weighs: whether it may claim, and whether the service
 * must hear a heartbeat first because what it last heard is no longer true.
 */
async function currentView(
  ctx: AgentContext,
): Promise<{ decision: ClaimDecision; heartbeat_due: boolean }> {
  const now = ctx.clock.now();
  const [creds, state, settings, stops, pacing] = await Promise.all([
    getCredentials(),
    agentStateItem.getValue(),
    settingsItem.getValue(),
    safetyStopsItem.getValue(),
    pacingItem.getValue(),
  ]);
  const network_signed_in = state.network?.signed_in === true;
  const verdict = stopVerdict(stops, now);
  return {
    decision: decideClaim({
      signed_in_service: !!creds,
      network_signed_in,
      paused_by_user: settings.paused_by_user,
      stops: verdict,
      pacing: pacingVerdict(pacing, settings.safe_mode, now),
      claim_wait_s: state.claim_wait_s,
    }),
    heartbeat_due: heartbeatDue(
      state,
      reportFor({ paused_by_user: settings.paused_by_user, stops: verdict, network_signed_in }),
      now,
    ),
  };
}

/** Shows the stored state on the toolbar (badge.ts; it also follows storage changes on its own). */
export function refreshBadge(ctx: AgentContext): Promise<void> {
  return showStoredBadge(() => ctx.clock.now());
}

/**
 * Each heartbeat is followed by a fresh look, which may call for another (the member changed
 * something meanwhile). Bounded, so that state that somehow never settles cannot turn the loop into
 * a stream of heartbeats.
 */
const MAX_HEARTBEATS_IN_A_ROW = 3;

async function loop(ctx: AgentContext): Promise<void> {
  await recoverInflight(ctx);
  let heartbeatsInARow = 0;
  for (;;) {
    const client = await ctx.client();
    if (!client) break;
    // The service asked us to wait (busy): no call at all until then (scheduleWake comes back).
    if (await serviceWaitUntil(ctx.clock.now())) break;
    // Results first: they are owed to the service whatever else happens.
    if (!(await deliverResults(ctx, client))) break;
    // Armed before the look below: a pause or resume from here on aborts the claim built on it.
    const abort = new AbortController();
    claimAbort = abort;
    const view = await currentView(ctx);
    if (view.heartbeat_due && heartbeatsInARow < MAX_HEARTBEATS_IN_A_ROW) {
      if (!(await sendHeartbeat(ctx))) break;
      heartbeatsInARow++;
      // Look again: the state may have changed while the heartbeat was on its way.
      continue;
    }
    heartbeatsInARow = 0;
    void refreshBadge(ctx);
    await closeIdleTab(ctx.clock.now(), false);
    if (!view.decision.claim) break;

    let task: ClaimedTask | null;
    try {
      claimWaiting = true;
      task = await client.claim(view.decision.wait_s, view.decision.exclude_types, abort.signal);
    } catch (err) {
      if (abort.signal.aborted) continue;
      await noteServiceFailure(err, ctx.clock);
      break;
    } finally {
      claimWaiting = false;
      if (claimAbort === abort) claimAbort = null;
    }
    // A heartbeat sent beside the claim ends first: the look below reads what it brought.
    await besideClaim;
    if (!task) continue;
    // The state may have changed while the answer was on its way (the interrupt above no longer
    // stops an answer already begun): a task the agent must not run now goes straight back.
    const { decision } = await currentView(ctx);
    if (!decision.claim || decision.exclude_types.includes(task.type)) {
      await giveBackTask(
        ctx,
        client,
        task,
        decision.claim ? `${task.type} is stopped for now` : decision.reason,
      );
      continue;
    }
    // The gap before the next task of its kind, at the team's pace (from the last heartbeat).
    const [{ pacing: pace }, { safe_mode }] = await Promise.all([
      agentStateItem.getValue(),
      settingsItem.getValue(),
    ]);
    await pacingItem.setValue(
      recordRun(
        await pacingItem.getValue(),
        task.type,
        ctx.clock.now(),
        ctx.clock.random(),
        pace ?? undefined,
        safe_mode,
      ),
    );
    void refreshBadge(ctx);
    await runClaimedTask(ctx, task);
  }
  claimAbort = null;
  void refreshBadge(ctx);
}

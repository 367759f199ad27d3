import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/database.js';
import type { Logger } from '../logger.js';
import { CLAIM_SHARES, WaitingClaims, type WaitingClaimCaps } from './waiting-claims.js';
import { databaseBusyMs, statementsRun } from '../db/statement-count.js';
import type { TaskSignals } from '../tasks/task-signals.js';
import { registerHealthGauge } from './health-gauge.js';

/**
 * What the operator watches (docs/operations.md, "Metrics"): one registry per service context, so
 * two services in one process (the tests) never share figures. Read by GET /metrics and the
 * operator's detail in GET /health.
 */
export interface ServiceMetrics {
  registry: Registry;
  waitingClaims: WaitingClaims;
  claims: Counter<'outcome'>;
  /** Claims refused 503, by the share that was full (member, team, instance). */
  refusals: Counter<'share'>;
  /** Calls to the team's model (ai/usage.ts), by purpose and outcome (`ok` or the failure). */
  modelCalls: Counter<'purpose' | 'outcome'>;
  /** How long the model took to answer (or fail), by purpose. */
  modelSeconds: Histogram<'purpose'>;
  /** Pending tasks of every team, by kind, counted now. */
  pendingByKind(): Promise<Record<string, number>>;
}

export function createServiceMetrics(
  db: Database,
  signals: Pick<TaskSignals, 'looksSkipped' | 'rechecks'>,
  log: Logger,
  caps: WaitingClaimCaps,
): ServiceMetrics {
  const registry = new Registry();
  // Process figures, among them nodejs_eventloop_lag_seconds and its percentiles.
  collectDefaultMetrics({ register: registry });
  const waitingClaims = new WaitingClaims(caps);
  new Gauge({
    name: 'agent_waiting_claims',
    help: 'Long-poll claims this instance holds now',
    registers: [registry],
    collect() {
      this.set(waitingClaims.count);
    },
  });
  new Gauge({
    name: 'agent_waiting_claims_max',
    help: 'The most long-poll claims this instance takes (MAX_WAITING_CLAIMS)',
    registers: [registry],
    collect() {
      this.set(waitingClaims.max);
    },
  });
  const claims = new Counter({
    name: 'agent_claims_total',
    help: 'Claims answered by this instance, by outcome (task, empty, refused for a full share)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  for (const outcome of ['task', 'empty', 'refused'] as const) claims.inc({ outcome }, 0);
  const refusals = new Counter({
    name: 'agent_claims_refused_total',
    help: 'Claims refused 503 by this instance, by the full share: member, team or instance',
    labelNames: ['share'] as const,
    registers: [registry],
  });
  for (const share of CLAIM_SHARES) refusals.inc({ share }, 0);
  const modelCalls = new Counter({
    name: 'agent_model_calls_total',
    help: "Calls to the team's model, by purpose (draft, classification) and outcome (ok, or why it failed)",
    labelNames: ['purpose', 'outcome'] as const,
    registers: [registry],
  });
  for (const purpose of ['draft', 'classification'] as const)
    modelCalls.inc({ purpose, outcome: 'ok' }, 0);
  const modelSeconds = new Histogram({
    name: 'agent_model_call_seconds',
    help: "How long the team's model took to answer or fail, by purpose",
    labelNames: ['purpose'] as const,
    buckets: [0.25, 0.5, 1, 2, 4, 8, 16, 25],
    registers: [registry],
  });
  const counted = (name: string, help: string, read: () => number) => {
    let reported = 0;
    new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        const now = read();
        this.inc(now - reported);
        reported = now;
      },
    });
  };
  counted(
    'agent_claims_without_look_total',
    'Claims that began to wait without a look: the instance knew their team had nothing due',
    () => signals.looksSkipped,
  );
  counted(
    'agent_claim_rechecks_total',
    'Shared re-checks of waiting claims (one statement each, for any number of claims)',
    () => signals.rechecks,
  );
  counted('agent_db_statements_total', 'Statements this instance ran on its database', () =>
    statementsRun(db),
  );
  counted(
    'agent_db_busy_seconds_total',
    'Time this instance had at least one statement in flight on its database',
    () => databaseBusyMs(db) / 1000,
  );

  async function pendingByKind(): Promise<Record<string, number>> {
    const rows = await db.query<{ type: string; n: number }>(
      `SELECT type, count(*)::int AS n FROM tasks WHERE status = 'pending' GROUP BY type`,
    );
    return Object.fromEntries(rows.map((r) => [r.type, r.n]));
  }
  new Gauge({
    name: 'agent_tasks_pending',
    help: 'Pending tasks of every team, by kind',
    labelNames: ['kind'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      try {
        for (const [kind, n] of Object.entries(await pendingByKind())) this.set({ kind }, n);
      } catch (err) {
        // A scrape while the database is away still reports the process and claim figures.
        log.warn('metrics_pending_unavailable', { message: (err as Error).message });
      }
    },
  });
  registerHealthGauge(registry, db, log);
  return { registry, waitingClaims, claims, refusals, modelCalls, modelSeconds, pendingByKind };
}

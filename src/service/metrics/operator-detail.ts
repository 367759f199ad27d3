import type { ServiceMetrics } from './service-metrics.js';

/** The operator's detail in GET /health: the figures GET /metrics reports, as JSON. */
export async function operatorDetail(metrics: ServiceMetrics) {
  const lag = await metrics.registry.getSingleMetric('nodejs_eventloop_lag_seconds')?.get();
  const claims = await metrics.claims.get();
  const refusals = await metrics.refusals.get();
  return {
    waiting_claims: metrics.waitingClaims.count,
    max_waiting_claims: metrics.waitingClaims.max,
    max_waiting_claims_per_team: metrics.waitingClaims.perTeam,
    max_waiting_claims_per_member: metrics.waitingClaims.perMember,
    claims_total: Object.fromEntries(claims.values.map((v) => [String(v.labels.outcome), v.value])),
    claims_refused: Object.fromEntries(
      refusals.values.map((v) => [String(v.labels.share), v.value]),
    ),
    tasks_pending: await metrics.pendingByKind(),
    event_loop_lag_ms: Math.round((lag?.values[0]?.value ?? 0) * 1000 * 100) / 100,
  };
}

import type { ServiceMetrics } from './service-metrics.js';

/** The operator's detail in GET /health: the figures GET /metrics reports, as JSON. */
export async function operatorDetail(metrics: ServiceMetrics) {
  const lag = await metrics.registry.getSingleMetric('nodejs_eventloop_lag_seconds')?.get();
  const claims = await metrics.claims.get();
  return {
    waiting_claims: metrics.waitingClaims.count,
    max_waiting_claims: metrics.waitingClaims.max,
    claims_total: Object.fromEntries(claims.values.map((v) => [String(v.labels.outcome), v.value])),
    tasks_pending: await metrics.pendingByKind(),
    event_loop_lag_ms: Math.round((lag?.values[0]?.value ?? 0) * 1000 * 100) / 100,
  };
}

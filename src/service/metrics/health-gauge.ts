import { Gauge, type Registry } from 'prom-client';
import type { Database } from '../db/database.js';
import type { Logger } from '../logger.js';
import { HEALTH_LEVELS } from '../../contract/account-health.js';

/**
 * `agent_member_health{level}`: how many joined members' accounts are good, watch and poor
 * (docs/budgets.md, "Health"). Counted per level, never per member: three series whatever the size.
 */
export function registerHealthGauge(registry: Registry, db: Database, log: Logger): void {
  new Gauge({
    name: 'agent_member_health',
    help: 'Joined members of every team by account health level (good, watch, poor)',
    labelNames: ['level'] as const,
    registers: [registry],
    async collect() {
      try {
        const rows = await db.query<{ level: string; n: number }>(
          `SELECT health_level AS level, count(*)::int AS n FROM memberships WHERE user_id IS NOT NULL GROUP BY 1`,
        );
        for (const level of HEALTH_LEVELS)
          this.set({ level }, rows.find((r) => r.level === level)?.n ?? 0);
      } catch (err) {
        log.warn('metrics_health_unavailable', { message: (err as Error).message });
      }
    },
  });
}

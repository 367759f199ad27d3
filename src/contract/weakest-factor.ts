import type { HealthFactor } from './account-health.js';

/**
 * The weakest factor of an account's health: the one that sets the score (the first of the
 * lowest). Apart from the schemas, so that the dashboard's bundle takes it without zod.
 */
export function weakestFactor(factors: HealthFactor[]): HealthFactor | undefined {
  return factors.reduce<HealthFactor | undefined>(
    (low, f) => (low === undefined || f.score < low.score ? f : low),
    undefined,
  );
}

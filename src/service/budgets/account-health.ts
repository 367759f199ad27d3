import type { HealthFactor, HealthLevel } from '../../contract/account-health.js';

/**
 * An account's health from what the service sees of it (docs/budgets.md, "Health"): each factor
 * gets a level by its thresholds and a score (0–100) inside that level's band; the account's score
 * is its weakest factor's, and so is its level. Pure: the inputs are read by health-inputs.ts.
 */

export interface HealthInputs {
  /** Invitations sent through the service in the last 30 days, and how many were accepted. */
  sent30d: number;
  accepted30d: number;
  /** Invitations still waiting for an answer. */
  pending: number;
  /** Failed tasks of the last 14 days: security checks, and rate or invitation limits. */
  challenges14d: number;
  limits14d: number;
  /** The account's connections as its last connections read said (null: not known). */
  connections: number | null;
  /** Writes of the last 7 days that ended (completed or failed), and those that failed for the account's sake. */
  writes7d: number;
  writeFailures7d: number;
}

/**
 * The thresholds, our choices (docs/budgets.md, "Health"): an acceptance rate under 15 % means most
 * invitations go to people who ignore them, the pattern the network watches; the hygiene cap holds
 * new invitations at 200 waiting, and watching from half of that leaves time to withdraw.
 */
const HEALTH_RULES = {
  acceptance: { minSent: 10, good: 0.3, poor: 0.15 },
  pending: { watch: 100, poor: 150 },
  connections: { watchBelow: 50 },
  writeFailures: { minWrites: 5, watch: 0.1, poor: 0.25 },
} as const;

/** The band of scores of each level: a factor's score stays inside its level's. */
const BAND: Record<HealthLevel, [number, number]> = {
  good: [70, 100],
  watch: [40, 69],
  poor: [0, 39],
};

/** A factor whose level is set by thresholds; `position` (0 worst … 1 best) places it in the band. */
function factor(
  name: HealthFactor['name'],
  value: number | null,
  level: HealthLevel,
  position: number,
  why: string,
): HealthFactor {
  const [low, high] = BAND[level];
  const p = Math.min(1, Math.max(0, position));
  return { name, value, level, score: Math.floor(low + (high - low) * p), why };
}

const pct = (x: number) => `${Math.round(x * 100)} %`;
const count = (n: number) => n.toLocaleString('en-US');

function acceptance(i: HealthInputs): HealthFactor {
  const r = HEALTH_RULES.acceptance;
  if (i.sent30d < r.minSent) {
    return factor(
      'acceptance_rate',
      null,
      'good',
      1,
      `${i.sent30d} invitations in the last 30 days: too few to judge the acceptance rate (from ${r.minSent}).`,
    );
  }
  const rate = i.accepted30d / i.sent30d;
  const why = `${pct(rate)} of ${i.sent30d} invitations of the last 30 days were accepted (good from ${pct(r.good)}, poor below ${pct(r.poor)}).`;
  if (rate >= r.good) return factor('acceptance_rate', rate, 'good', (rate - r.good) / 0.2, why);
  if (rate >= r.poor)
    return factor('acceptance_rate', rate, 'watch', (rate - r.poor) / (r.good - r.poor), why);
  return factor('acceptance_rate', rate, 'poor', rate / r.poor, why);
}

function pending(i: HealthInputs): HealthFactor {
  const r = HEALTH_RULES.pending;
  const why = `${count(i.pending)} invitations wait for an answer (watch from ${r.watch}, poor from ${r.poor}).`;
  if (i.pending < r.watch)
    return factor('pending_invitations', i.pending, 'good', 1 - i.pending / r.watch, why);
  if (i.pending < r.poor)
    return factor(
      'pending_invitations',
      i.pending,
      'watch',
      (r.poor - i.pending) / (r.poor - r.watch),
      why,
    );
  return factor('pending_invitations', i.pending, 'poor', 1 - (i.pending - r.poor) / r.poor, why);
}

function limitSignals(i: HealthInputs): HealthFactor {
  const total = i.challenges14d + i.limits14d;
  if (i.challenges14d > 0) {
    return factor(
      'limit_signals',
      total,
      'poor',
      0.5,
      `The network showed a security check ${i.challenges14d} ${i.challenges14d === 1 ? 'time' : 'times'} in the last 14 days.`,
    );
  }
  if (i.limits14d > 0) {
    const times = `${i.limits14d} ${i.limits14d === 1 ? 'time' : 'times'}`;
    return factor(
      'limit_signals',
      total,
      i.limits14d > 1 ? 'poor' : 'watch',
      0.5,
      `The network limited the account ${times} in the last 14 days (a rate limit or the weekly invitation limit).`,
    );
  }
  return factor('limit_signals', 0, 'good', 1, 'No limit or security check in the last 14 days.');
}

function connections(i: HealthInputs): HealthFactor {
  const r = HEALTH_RULES.connections;
  if (i.connections === null)
    return factor('connections', null, 'good', 1, 'The number of connections is not known yet.');
  if (i.connections < r.watchBelow) {
    return factor(
      'connections',
      i.connections,
      'watch',
      i.connections / r.watchBelow,
      `${count(i.connections)} connections: a small network draws the network's attention sooner (watch below ${r.watchBelow}).`,
    );
  }
  return factor(
    'connections',
    i.connections,
    'good',
    Math.min(1, i.connections / 500),
    `${count(i.connections)} connections.`,
  );
}

function writeFailures(i: HealthInputs): HealthFactor {
  const r = HEALTH_RULES.writeFailures;
  if (i.writes7d < r.minWrites) {
    return factor(
      'write_failures',
      null,
      'good',
      1,
      `${i.writes7d} writes in the last 7 days: too few to judge their failures (from ${r.minWrites}).`,
    );
  }
  const rate = i.writeFailures7d / i.writes7d;
  const why = `${i.writeFailures7d} of ${i.writes7d} writes of the last 7 days failed (watch from ${pct(r.watch)}, poor from ${pct(r.poor)}).`;
  if (rate < r.watch) return factor('write_failures', rate, 'good', 1 - rate / r.watch, why);
  if (rate < r.poor)
    return factor('write_failures', rate, 'watch', (r.poor - rate) / (r.poor - r.watch), why);
  return factor('write_failures', rate, 'poor', 1 - rate, why);
}

/** The account's factors, its score (the weakest factor's) and its level. */
export function accountHealth(i: HealthInputs): {
  score: number;
  level: HealthLevel;
  factors: HealthFactor[];
} {
  const factors = [acceptance(i), pending(i), limitSignals(i), connections(i), writeFailures(i)];
  const weakest = factors.reduce((low, f) => (f.score < low.score ? f : low));
  return { score: weakest.score, level: weakest.level, factors };
}

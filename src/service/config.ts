import { z } from '../contract/zod.js';
import { parseTrustedProxies, type TrustedRange } from './http/client-address.js';

/**
 * An integer setting from `min` to `max` (`unit` named in the message when given): any other
 * value stops start-up with the one message that says what the setting takes.
 */
function wholeNumber(min: number, max: number, unit?: string) {
  const error = `must be a whole number${unit ? ` of ${unit}` : ''} from ${min} to ${max}`;
  return z.coerce
    .number({ error })
    .check(z.int({ error }), z.gte(min, { error }), z.lte(max, { error }));
}

/** A sign-in or mail limit (docs/api.md, "Sign-in limits"). */
const limit = (fallback: number) => z._default(wholeNumber(1, 1_000_000), fallback);

/** A team's share of the instance's waiting claims when `MAX_WAITING_CLAIMS_PER_TEAM` is unset. */
const TEAM_SHARE_OF_INSTANCE = 1 / 4;

/** Configuration by environment (docs/configuration.md). A bad value stops start-up with one line. */
const Env = z.object({
  PORT: z._default(wholeNumber(0, 65535), 8787),
  HOST: z._default(z.string().check(z.minLength(1)), '127.0.0.1'),
  DATA_DIR: z._default(z.string().check(z.minLength(1)), './.data'),
  DATABASE_URL: z.optional(
    z.string().check(z.regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// URL' })),
  ),
  SMTP_URL: z.optional(
    z.string().check(z.regex(/^smtps?:\/\//, { error: 'must be an smtp:// or smtps:// URL' })),
  ),
  MAIL_FROM: z._default(z.string().check(z.minLength(3)), 'Network Agent <no-reply@localhost>'),
  MAIL_OUTBOX_DIR: z.optional(z.string()),
  SCHEDULER_INTERVAL_S: z._default(wholeNumber(1, 86_400, 'seconds'), 60),
  // How often each member's invitations and inbox are read (docs/relationships.md); 4 h.
  RELATIONSHIP_SYNC_INTERVAL_S: z._default(wholeNumber(1, 86_400, 'seconds'), 14_400),
  // The length of an hour for sequences' delay_hours and max_days (docs/sequences.md). Tests shorten it.
  SEQUENCE_HOUR_S: z._default(wholeNumber(1, 86_400, 'seconds'), 3600),
  // A pooled sequence moves a not-yet-invited person off a sender paused or inactive this many
  // (sequence) hours (docs/sequences.md "Rebalancing").
  SEQUENCE_SENDER_AWAY_HOURS: z._default(wholeNumber(1, 720, 'hours'), 24),
  // The most long-poll claims this instance holds at once; one more is answered 503 (routes/agent.ts).
  MAX_WAITING_CLAIMS: z._default(wholeNumber(1, 1_000_000), 10_000),
  // Each team's share of MAX_WAITING_CLAIMS (waiting-claims.ts); unset, a quarter of it.
  MAX_WAITING_CLAIMS_PER_TEAM: z.optional(wholeNumber(1, 1_000_000)),
  // Each member's share: room for an agent's claim and the one it makes again after a dropped
  // connection, before the instance notices the first has gone.
  MAX_WAITING_CLAIMS_PER_MEMBER: z._default(wholeNumber(1, 1_000), 2),
  // The operator's Bearer credential for GET /metrics and the detail in GET /health; unset, neither is served.
  METRICS_TOKEN: z.optional(
    z.string().check(z.minLength(16, { error: 'must be at least 16 characters' })),
  ),
  PUBLIC_URL: z.optional(z.url({ error: 'must be an absolute URL' })),
  SECRET_KEY: z.optional(
    z.string().check(z.regex(/^[0-9a-f]{64}$/i, { error: 'must be 64 hex characters (32 bytes)' })),
  ),
  // The operator routes' credential (docs/operations.md); generated into DATA_DIR when absent.
  OPERATOR_TOKEN: z.optional(
    z.string().check(z.minLength(32, { error: 'must be at least 32 characters' })),
  ),
  TLS_CERT_FILE: z.optional(z.string()),
  TLS_KEY_FILE: z.optional(z.string()),
  LLM_API_URL: z.optional(z.url()),
  LLM_API_KEY: z.optional(z.string()),
  LLM_MODEL: z.optional(z.string()),
  // The proxies whose X-Forwarded-For names the client (http/client-address.ts); none by default.
  TRUSTED_PROXIES: z.optional(
    z.pipe(
      z.string(),
      z.transform((v: string, ctx): TrustedRange[] => {
        const ranges = parseTrustedProxies(v);
        if (!('bad' in ranges)) return ranges;
        ctx.issues.push({
          code: 'custom',
          input: v,
          message: `must be IP addresses or CIDR ranges separated by commas ('${ranges.bad.slice(0, 60)}' is neither)`,
        });
        return [];
      }),
    ),
  ),
  // Sign-in and invitation limits (docs/api.md, "Sign-in limits"); tests that sign in many people raise them.
  SIGNIN_CODES_PER_CLIENT_HOUR: limit(20),
  SIGNIN_FAILURES_PER_CLIENT_HOUR: limit(20),
  SIGNIN_FAILURES_PER_HOUR: limit(200),
  SIGNIN_FAILURES_PER_EMAIL_DAY: limit(10),
  INVITATIONS_PER_TEAM_DAY: limit(50),
  INVITATIONS_PER_MEMBER_DAY: limit(20),
  // How long a key the team rotated out still works with a live member token (teams/api-keys.ts).
  RETIRED_KEY_HOURS: z._default(wholeNumber(1, 720, 'hours'), 24),
  // Every outbound request (webhooks, Slack, prompt pages, the LLM) ends within this many seconds,
  // connect to last byte (http/bounded-request.ts). At most 25: a delivery's claim (60 s) and a
  // prompt generation's (60 s, a page and the LLM one after the other) must outlast it.
  OUTBOUND_TIMEOUT_S: z._default(wholeNumber(1, 25, 'seconds'), 10),
  // Outbound fetches (Slack webhooks, prompt URLs) go to public https addresses only; tests set 1
  // to let them reach a local http receiver.
  ALLOW_PRIVATE_FETCH: z.pipe(
    z._default(z.enum(['0', '1', 'true', 'false']), '0'),
    z.transform((v: '0' | '1' | 'true' | 'false') => v === '1' || v === 'true'),
  ),
});
/** The environment's settings, with the defaults that depend on another setting filled in. */
export type Config = Omit<z.infer<typeof Env>, 'MAX_WAITING_CLAIMS_PER_TEAM'> & {
  MAX_WAITING_CLAIMS_PER_TEAM: number;
};

export class ConfigError extends Error {}

const ECHOED = new Set([
  'PORT',
  'HOST',
  'SCHEDULER_INTERVAL_S',
  'RELATIONSHIP_SYNC_INTERVAL_S',
  'SEQUENCE_HOUR_S',
  'SEQUENCE_SENDER_AWAY_HOURS',
  'MAX_WAITING_CLAIMS',
  'MAX_WAITING_CLAIMS_PER_TEAM',
  'MAX_WAITING_CLAIMS_PER_MEMBER',
  'ALLOW_PRIVATE_FETCH',
  'OUTBOUND_TIMEOUT_S',
  'MAIL_OUTBOX_DIR',
  'DATA_DIR',
  'TRUSTED_PROXIES',
  'SIGNIN_CODES_PER_CLIENT_HOUR',
  'SIGNIN_FAILURES_PER_CLIENT_HOUR',
  'SIGNIN_FAILURES_PER_HOUR',
  'SIGNIN_FAILURES_PER_EMAIL_DAY',
  'INVITATIONS_PER_TEAM_DAY',
  'INVITATIONS_PER_MEMBER_DAY',
  'RETIRED_KEY_HOURS',
]);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = Env.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0]);
    // Echo the value only where it cannot hold a secret (keys, passwords in URLs).
    const shown = ECHOED.has(name) ? ` (got ${JSON.stringify(present[name] ?? '')})` : '';
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message}${shown}`);
  }
  const cfg = parsed.data;
  if (Boolean(cfg.TLS_CERT_FILE) !== Boolean(cfg.TLS_KEY_FILE)) {
    throw new ConfigError(
      'Invalid configuration: TLS_CERT_FILE and TLS_KEY_FILE must be set together',
    );
  }
  const perTeam =
    cfg.MAX_WAITING_CLAIMS_PER_TEAM ??
    Math.max(1, Math.floor(cfg.MAX_WAITING_CLAIMS * TEAM_SHARE_OF_INSTANCE));
  if (perTeam > cfg.MAX_WAITING_CLAIMS) {
    throw new ConfigError(
      `Invalid configuration: MAX_WAITING_CLAIMS_PER_TEAM must not exceed MAX_WAITING_CLAIMS (${cfg.MAX_WAITING_CLAIMS}) (got "${perTeam}")`,
    );
  }
  return { ...cfg, MAX_WAITING_CLAIMS_PER_TEAM: perTeam };
}

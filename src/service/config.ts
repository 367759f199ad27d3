import { z } from '../contract/zod.js';

const portMessage = 'must be a whole number from 0 to 65535';
const intervalMessage = 'must be a whole number of seconds from 1 to 86400';

/** Configuration by environment (README, "Configuration"). A bad value stops start-up with one line. */
const Env = z.object({
  PORT: z._default(
    z.coerce
      .number({ error: portMessage })
      .check(
        z.int({ error: portMessage }),
        z.gte(0, { error: portMessage }),
        z.lte(65535, { error: portMessage }),
      ),
    8787,
  ),
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
  SCHEDULER_INTERVAL_S: z._default(
    z.coerce
      .number({ error: intervalMessage })
      .check(
        z.int({ error: intervalMessage }),
        z.gte(1, { error: intervalMessage }),
        z.lte(86_400, { error: intervalMessage }),
      ),
    60,
  ),
  // Issue 21: how often each member's invitations and inbox are read (docs/relationships.md); 4 h.
  RELATIONSHIP_SYNC_INTERVAL_S: z._default(
    z.coerce
      .number({ error: intervalMessage })
      .check(
        z.int({ error: intervalMessage }),
        z.gte(1, { error: intervalMessage }),
        z.lte(86_400, { error: intervalMessage }),
      ),
    14_400,
  ),
  // Issue 21: the length of an hour for sequences' delay_hours and max_days (docs/sequences.md). Tests shorten it.
  SEQUENCE_HOUR_S: z._default(
    z.coerce
      .number({ error: intervalMessage })
      .check(
        z.int({ error: intervalMessage }),
        z.gte(1, { error: intervalMessage }),
        z.lte(86_400, { error: intervalMessage }),
      ),
    3600,
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
  // Outbound fetches (Slack webhooks, prompt URLs) go to public https addresses only; tests set 1
  // to let them reach a local http receiver.
  ALLOW_PRIVATE_FETCH: z.pipe(
    z._default(z.enum(['0', '1', 'true', 'false']), '0'),
    z.transform((v: '0' | '1' | 'true' | 'false') => v === '1' || v === 'true'),
  ),
});
export type Config = z.infer<typeof Env>;

export class ConfigError extends Error {}

const ECHOED = new Set([
  'PORT',
  'HOST',
  'SCHEDULER_INTERVAL_S',
  'RELATIONSHIP_SYNC_INTERVAL_S',
  'SEQUENCE_HOUR_S',
  'ALLOW_PRIVATE_FETCH',
  'MAIL_OUTBOX_DIR',
  'DATA_DIR',
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
  return cfg;
}

import { z } from 'zod';

/** Configuration by environment (README, "Configuration"). A bad value stops start-up with one line. */
const Env = z.object({
  PORT: z.coerce.number({ error: 'must be a whole number from 0 to 65535' }).int({ error: 'must be a whole number from 0 to 65535' }).min(0, { error: 'must be a whole number from 0 to 65535' }).max(65535, { error: 'must be a whole number from 0 to 65535' }).default(8787),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// URL' })
    .optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, { error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().min(3).default('Network Agent <no-reply@localhost>'),
  MAIL_OUTBOX_DIR: z.string().optional(),
  SCHEDULER_INTERVAL_S: z.coerce.number({ error: 'must be a whole number of seconds from 1 to 86400' }).int({ error: 'must be a whole number of seconds from 1 to 86400' }).min(1, { error: 'must be a whole number of seconds from 1 to 86400' }).max(86_400, { error: 'must be a whole number of seconds from 1 to 86400' }).default(60),
  PUBLIC_URL: z.url({ error: 'must be an absolute URL' }).optional(),
  SECRET_KEY: z
    .string()
    .regex(/^[0-9a-f]{64}$/i, { error: 'must be 64 hex characters (32 bytes)' })
    .optional(),
  TLS_CERT_FILE: z.string().optional(),
  TLS_KEY_FILE: z.string().optional(),
  LLM_API_URL: z.url().optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().optional(),
  // Outbound fetches (Slack webhooks, prompt URLs) go to public https addresses only; tests set 1
  // to let them reach a local http receiver.
  ALLOW_PRIVATE_FETCH: z.enum(['0', '1', 'true', 'false']).default('0').transform((v) => v === '1' || v === 'true'),
});
export type Config = z.infer<typeof Env>;

export class ConfigError extends Error {}

const ECHOED = new Set(['PORT', 'HOST', 'SCHEDULER_INTERVAL_S', 'ALLOW_PRIVATE_FETCH', 'MAIL_OUTBOX_DIR', 'DATA_DIR']);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
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
    throw new ConfigError('Invalid configuration: TLS_CERT_FILE and TLS_KEY_FILE must be set together');
  }
  return cfg;
}

/** One JSON line per event on stdout. Never pass secrets (keys, tokens, codes) in `fields`. */
export interface Logger {
  info(event: string, fields?: Record<string, unknown>): void;
  warn(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
}

export function createLogger(opts: { silent?: boolean } = {}): Logger {
  const write =
    (level: string) =>
    (event: string, fields: Record<string, unknown> = {}) => {
      if (opts.silent) return;
      process.stdout.write(
        JSON.stringify({ t: new Date().toISOString(), level, event, ...fields }) + '\n',
      );
    };
  return { info: write('info'), warn: write('warn'), error: write('error') };
}

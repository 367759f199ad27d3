import { loadConfig } from '../config.js';
import { closeServiceContext, createServiceContext } from '../boot.js';
import { createLogger } from '../logger.js';
import type { ServiceContext } from '../context.js';
import { OpsFailure, UsageError, type OpsIo } from './command.js';
import { OPS_COMMANDS } from './commands/index.js';

export interface RunOpsOptions {
  env?: NodeJS.ProcessEnv;
  out?: (line: string) => void;
  err?: (line: string) => void;
  /** An open context to use instead of one from the environment (tests); left open. */
  context?: ServiceContext;
}

/** Runs one operator command; returns the exit code (0 done, 1 failed, 2 usage error). */
export async function runOps(argv: string[], opts: RunOpsOptions = {}): Promise<number> {
  const out = opts.out ?? ((l) => process.stdout.write(l + '\n'));
  const err = opts.err ?? ((l) => process.stderr.write(l + '\n'));
  const [name, ...args] = argv;
  const command =
    name === '--help' || name === '-h'
      ? OPS_COMMANDS.find((c) => c.name === 'help')
      : OPS_COMMANDS.find((c) => c.name === name);
  if (!command) {
    err(
      name === undefined
        ? 'Missing command. Run `npm run ops -- help` to see the commands.'
        : `Unknown command '${name}'. Run \`npm run ops -- help\` to see the commands.`,
    );
    return 2;
  }

  let opened: ServiceContext | undefined;
  const io: OpsIo = {
    out,
    err,
    async context() {
      if (opts.context) return opts.context;
      // The service's own logger writes JSON lines to stdout, where the command's result goes.
      opened ??= await createServiceContext(loadConfig(opts.env ?? process.env), {
        log: createLogger({ silent: true }),
      });
      return opened;
    },
  };
  try {
    await command.run(args, io);
    return 0;
  } catch (e) {
    if (e instanceof UsageError) {
      err(`${e.message} (usage: ${`npm run ops -- ${command.name} ${command.args}`.trimEnd()})`);
      return 2;
    }
    err(e instanceof OpsFailure ? e.message : `${command.name} failed: ${(e as Error).message}`);
    return 1;
  } finally {
    if (opened) await closeServiceContext(opened);
  }
}

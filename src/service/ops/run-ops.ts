import { loadConfig } from '../config.js';
import { closeServiceContext, createServiceContext } from '../boot.js';
import { createLogger } from '../logger.js';
import type { ServiceContext } from '../context.js';
import { OpsFailure, UsageError, type OperatorApi, type OpsIo } from './command.js';
import { OPS_COMMANDS } from './commands/index.js';
import { directOperatorApi, serviceOperatorApi } from './operator-api.js';
import { describeHolder, folderLockHolder, FolderLockedError } from '../db/folder-lock.js';
import { readOperatorToken } from '../auth/operator-credential.js';
import { join, resolve } from 'node:path';

interface RunOpsOptions {
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
      try {
        // The service's own logger writes JSON lines to stdout, where the command's result goes.
        opened ??= await createServiceContext(loadConfig(opts.env ?? process.env), {
          log: createLogger({ silent: true }),
          holder: `ops ${command.name}`,
        });
      } catch (e) {
        if (!(e instanceof FolderLockedError)) throw e;
        throw new OpsFailure(
          `${command.name} cannot run now: the embedded database in ${e.folder} is in use by ` +
            `${describeHolder(e.held)}, and only one process may open it. Stop that process ` +
            'first (set-network-map and network-map go through a running service instead).',
        );
      }
      return opened;
    },
    async operator() {
      if (opts.context) return directOperatorApi(opts.context.db);
      const viaService = await runningServiceApi(opts.env ?? process.env);
      return viaService ?? directOperatorApi((await io.context()).db);
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

/**
 * The running service's operator routes, when a service holds the embedded database this
 * configuration names; undefined when the CLI may open the database itself (PostgreSQL, which
 * every instance shares safely, or a folder nobody holds).
 */
async function runningServiceApi(env: NodeJS.ProcessEnv): Promise<OperatorApi | undefined> {
  const config = loadConfig(env);
  if (config.DATABASE_URL) return undefined;
  const dataDir = resolve(config.DATA_DIR);
  const held = await folderLockHolder(join(dataDir, 'pglite'));
  if (!held) return undefined;
  if (held.holder !== 'service' || !held.url) {
    throw new OpsFailure(
      `The embedded database in ${join(dataDir, 'pglite')} is in use by ${describeHolder(held)}; ` +
        'try again when it is done',
    );
  }
  const token = await readOperatorToken(config.OPERATOR_TOKEN, dataDir);
  if (!token) {
    throw new OpsFailure(
      `The service at ${held.url} holds the embedded database, but there is no operator token: ` +
        `set OPERATOR_TOKEN as the service has it`,
    );
  }
  return serviceOperatorApi(held.url, token);
}

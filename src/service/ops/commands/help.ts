import type { OpsCommand } from '../command.js';

function helpText(commands: OpsCommand[]): string[] {
  const width = Math.max(...commands.map((c) => `${c.name} ${c.args}`.trim().length));
  return [
    'Usage: npm run ops -- <command> [arguments]',
    '',
    'Commands:',
    ...commands.map((c) => `  ${`${c.name} ${c.args}`.trim().padEnd(width)}  ${c.summary}`),
    '',
    'The CLI reads the same environment as the service (DATABASE_URL, or DATA_DIR for the embedded',
    'database; SECRET_KEY; OPERATOR_TOKEN). The embedded database opens in one process at a time:',
    'while the service holds it, set-network-map, network-map and network-health go through the',
    'service (with the operator token), and the other commands refuse, naming it.',
    'Exit codes: 0 done, 1 failed, 2 usage error.',
  ];
}

export function helpCommand(all: () => OpsCommand[]): OpsCommand {
  return {
    name: 'help',
    args: '',
    summary: 'Show this help.',
    async run(_args, io) {
      for (const line of helpText(all())) io.out(line);
    },
  };
}

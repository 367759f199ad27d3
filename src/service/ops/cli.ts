import { runOps } from './run-ops.js';

/** `npm run ops -- <command>`: the operator's commands (rotate-key, list-teams, set-network-map, help). */
process.exitCode = await runOps(process.argv.slice(2));

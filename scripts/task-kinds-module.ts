// The task kinds as the extension's worker needs them, built from their description
// (src/contract/task-kinds.ts) at every build: the types in order, the write kinds and what each
// kind acts on with the field of the words it sends (the target's wording, src/contract/task-target.ts),
// without the words, routes and budgets the worker never reads (its bundle is
// budgeted: scripts/bundle-size.mjs). Served as `virtual:task-kinds` (wxt.config.ts and
// vitest.config.ts); its types are in src/agent/task-kinds.d.ts.
import { TASK_KINDS, TASK_TYPES, taskKind } from '../src/contract/task-kinds.js';

/** The module id the worker imports the kinds from. */
const TASK_KINDS_ID = 'virtual:task-kinds';

/** The module's code: strings split at run time, so each kind's name is written once. */
function taskKindsCode(): string {
  const prefix = TASK_TYPES.every((t) => t.startsWith('agent_')) ? 'agent_' : '';
  const names = TASK_TYPES.map((t) => t.slice(prefix.length)).join(' ');
  const targets = TASK_TYPES.map((t) => TASK_KINDS[t].target).join(' ');
  const writes = TASK_TYPES.flatMap((t, i) => (TASK_KINDS[t].writes ? [i] : []));
  const texts = Object.fromEntries(
    TASK_TYPES.flatMap((t) => {
      const text = taskKind(t).text;
      return text ? [[t, text]] : [];
    }),
  );
  return [
    `const targets = ${JSON.stringify(targets)}.split(' ');`,
    `export const TASK_TYPES = ${JSON.stringify(names)}.split(' ').map((t) => ${JSON.stringify(prefix)} + t);`,
    `export const WRITE_TYPES = ${JSON.stringify(writes)}.map((i) => TASK_TYPES[i]);`,
    'export const TARGETS = Object.fromEntries(TASK_TYPES.map((t, i) => [t, targets[i]]));',
    `export const TEXTS = ${JSON.stringify(texts)};`,
  ].join('\n');
}

/** The Vite plugin serving `virtual:task-kinds`. */
export function taskKindsModule() {
  const resolved = `\0${TASK_KINDS_ID}`;
  return {
    name: 'network-agent:task-kinds',
    resolveId: (id: string) => (id === TASK_KINDS_ID ? resolved : null),
    load: (id: string) => (id === resolved ? taskKindsCode() : null),
  };
}

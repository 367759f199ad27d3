import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { importGraph } from './import-graph.js';
import { TASK_TYPES, taskKind } from '../../src/contract/task-kinds.js';

/**
 * A throwaway task kind, added in memory to a copy of src/ as the type checker sees it: the
 * repository's own files are read, never written. The probe is the profile fetch under another
 * name (every line that names `agent_profile_fetch` in a table, copied), so what the checker says
 * is about adding a kind and nothing else.
 */

const MODEL = 'agent_profile_fetch';
export const PROBE = 'agent_throwaway_probe';
const PROBE_ROUTE = 'throwaway-probe';
const PROBE_TOOL = 'throwaway_probe';
export const KINDS_FILE = 'src/contract/task-kinds.ts';

/** `TASK_KINDS` with the probe: the model's entry, copied under the probe's key, route and tool. */
export function kindsWithProbe(source: string): string {
  const entry = new RegExp(`\\n  ${MODEL}: \\{\\n[\\s\\S]*?\\n  \\},\\n`).exec(source)?.[0];
  if (!entry) throw new Error(`no entry ${MODEL} in ${KINDS_FILE}`);
  const probe = entry
    .replace(`  ${MODEL}: {`, `  ${PROBE}: {`)
    .replace(/endpoint: '[^']+'/, `endpoint: '${PROBE_ROUTE}'`)
    .replace(/tool: '[^']+'/, `tool: '${PROBE_TOOL}'`);
  return source.replace(entry, `${entry.slice(0, -1)}${probe}`);
}

/**
 * A table over the task types with the probe: each line keyed by the model, copied for the probe,
 * its value cast to `never` (the probe's own schemas and operation are not the question, only
 * where a kind must be named).
 */
export function tableWithProbe(source: string): string {
  return source.replace(
    new RegExp(`^(\\s+)${MODEL}: (.*),$`, 'gm'),
    (line, indent: string, value: string) => `${line}\n${indent}${PROBE}: (${value}) as never,`,
  );
}

/** A diagnostic that says a table over the task types lacks the probe. */
const LACKS_PROBE = new RegExp(`Property '"?(${PROBE}|${PROBE_ROUTE})"?' is missing`);

export interface ProbeCheck {
  /** Files where the checker says a table lacks the probe. */
  lacking: string[];
  /** Every diagnostic of the files checked, as `file: message`. */
  all: string[];
}

/**
 * Any name of a kind: its type, route or tool. Only a file that names kinds can lack a new one (a
 * table, a list, a switch over kinds); a file that only reads a table (`TASK_OUTPUTS[type]`) fails
 * while the table lacks the kind and heals with it, so the full check leaves it out.
 */
const NAMES = new RegExp(
  TASK_TYPES.flatMap((t) => {
    const kind = taskKind(t);
    if (kind.endpoint === null) return [t];
    return kind.mcp ? [t, kind.endpoint, kind.mcp.tool] : [t, kind.endpoint];
  }).join('|'),
);

function compilerOptions(root: string): ts.ParsedCommandLine {
  const config = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile);
  return ts.parseJsonConfigFileContent(config.config, ts.sys, root);
}

/**
 * The type checker over src/ with some files' text replaced (`edits`: path -> new text). Checks the
 * files `check` names, or else every file that imports the kinds, directly or not, and names one.
 */
export function typeCheckWith(
  root: string,
  edits: Record<string, string>,
  check?: string[],
  reuse?: ts.Program,
): ProbeCheck & { program: ts.Program } {
  const parsed = compilerOptions(root);
  const graph = importGraph(root, ['src']);
  const importers = new Map<string, string[]>();
  for (const [file, targets] of graph)
    for (const t of targets) importers.set(t, [...(importers.get(t) ?? []), file]);
  const dependents = new Set([KINDS_FILE]);
  for (const file of dependents) for (const i of importers.get(file) ?? []) dependents.add(i);
  const declarations = parsed.fileNames.filter(
    (f) => f.endsWith('.d.ts') && (f.startsWith(join(root, 'src')) || f.includes('/.wxt/')),
  );
  const host = ts.createCompilerHost(parsed.options);
  const read = host.getSourceFile.bind(host);
  const byPath = new Map(Object.entries(edits).map(([p, text]) => [join(root, p), text]));
  host.getSourceFile = (name, version, ...rest) => {
    const text = byPath.get(name);
    return text === undefined
      ? read(name, version, ...rest)
      : ts.createSourceFile(name, text, version);
  };
  const program = ts.createProgram({
    rootNames: [...[...dependents].map((f) => join(root, f)), ...declarations],
    options: parsed.options,
    host,
    oldProgram: reuse,
  });
  const lacking = new Set<string>();
  const all: string[] = [];
  const naming = [...dependents].filter((f) =>
    NAMES.test(byPath.get(join(root, f)) ?? readSource(root, f)),
  );
  for (const file of check ?? naming) {
    const source = program.getSourceFile(join(root, file));
    if (!source) throw new Error(`${file} is not in the program`);
    for (const d of program.getSemanticDiagnostics(source)) {
      const text = ts.flattenDiagnosticMessageText(d.messageText, ' ');
      if (LACKS_PROBE.test(text)) lacking.add(file);
      all.push(`${file}: ${text.slice(0, 300)}`);
    }
  }
  return { lacking: [...lacking].sort(), all, program };
}

export const readSource = (root: string, path: string) => readFileSync(join(root, path), 'utf8');

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';

/**
 * The imports between the repository's own TypeScript files, read with TypeScript's own
 * pre-processor: static imports, `export … from`, `import type` and dynamic `import()`. Packages
 * and files outside the walked folders are left out. Paths are relative to `root`, with `/`.
 */
export type ImportGraph = Map<string, Set<string>>;

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return tsFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

export function importGraph(root: string, folders: string[]): ImportGraph {
  const graph: ImportGraph = new Map();
  const files = folders.flatMap((f) => tsFiles(join(root, f)));
  const known = new Set(files);
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = new Set<string>();
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const base = resolve(file, '..', fileName);
      const target = [base.replace(/\.js$/, '.ts'), `${base}.ts`, join(base, 'index.ts')].find(
        (p) => known.has(p),
      );
      if (target) targets.add(relative(root, target));
    }
    graph.set(relative(root, file), targets);
  }
  return graph;
}

/** Every circle of imports (strongly connected components of more than one file, or a file importing itself). */
export function importCircles(graph: ImportGraph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || graph.get(v)?.has(v)) circles.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return circles;
}

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/** One string of the source: a literal, or a template's text between its substitutions. */
export interface SourceString {
  /** Relative to the folder's parent, with `/`: `src/service/tasks/list-recent.ts`. */
  file: string;
  text: string;
}

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return tsFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Every string written in the TypeScript files under `dir` (SQL included), read by TypeScript's parser. */
export function sourceStrings(dir: string): SourceString[] {
  const root = join(dir, '..');
  return tsFiles(dir).flatMap((path) => {
    const file = relative(root, path).split('\\').join('/');
    const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest);
    const out: SourceString[] = [];
    const visit = (node: ts.Node) => {
      if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node))
        out.push({ file, text: node.text });
      node.forEachChild(visit);
    };
    visit(source);
    return out;
  });
}

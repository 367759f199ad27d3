#!/usr/bin/env node
// Exports nothing imports: `export` on a name only its own file uses says the name is part of a
// module's interface when it is not, and a dead function reads as live code. This lists them in the
// product's code (src, entrypoints, scripts, bench); tests count as users.
//
// How: every source file of the repository (src, entrypoints, scripts, test, bench and the
// configuration files) is parsed on its own with the TypeScript compiler (no type checking, so it
// takes a second or two). Each `import`, `export … from`, `import('…')` and `typeof import('…')`
// of a file of the repository names what it uses of that file; a namespace import (`import * as
// ns`) uses the names read as `ns.name`, or all of them when `ns` itself is passed on. A name
// re-exported (`export { a } from`, `export *`) is used where the re-export is used. Exports
// used by tests only are used. Default exports are left alone: frameworks (WXT, Vite, Vitest,
// Playwright) import them by convention. Run as a script it prints `file:line: name` per unused
// export and exits 1 when there is any; `--fix` drops those `export`s instead (a name nothing uses
// then is dead code, which Biome's lint names). test/unit/build/unused-exports.test.ts runs it in
// `npm test`.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const FOLDERS = ['src', 'entrypoints', 'scripts', 'test', 'bench'];
/** Where an unused export is reported: the product's code. */
const CHECKED = /^(src|entrypoints|scripts|bench)\//;
const ROOT_FILES = ['wxt.config.ts', 'vitest.config.ts', 'playwright.config.ts'];
const EXTENSIONS = ['.ts', '.mts', '.mjs', '.js'];
const DECLARATIONS = /\.d\.m?ts$/;
const SKIP = /(^|\/)(node_modules|\.output|\.wxt|dist|results|fixtures)(\/|$)/;

function sourceFiles(root) {
  const files = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (SKIP.test(relative(root, path))) continue;
      if (statSync(path).isDirectory()) walk(path);
      else if (EXTENSIONS.includes(extname(name))) files.push(path);
    }
  };
  for (const folder of FOLDERS) if (existsSync(join(root, folder))) walk(join(root, folder));
  for (const file of ROOT_FILES) if (existsSync(join(root, file))) files.push(join(root, file));
  return files;
}

/** `./x.js` from `dir` -> the repository file it names, or null (a package, a virtual module). */
function resolveSpecifier(dir, specifier, known) {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dir, specifier);
  const stem = base.replace(/\.(m?js|ts)$/, '');
  for (const candidate of [
    base,
    `${stem}.ts`,
    `${stem}.mts`,
    `${stem}.mjs`,
    `${stem}.js`,
    join(base, 'index.ts'),
  ]) {
    if (known.has(candidate)) return candidate;
  }
  return null;
}

const hasExport = (node) =>
  ts.canHaveModifiers(node) &&
  (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
const hasDefault = (node) =>
  (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);

/** What one file exports, imports and re-exports. */
function readFile(path, known) {
  const text = readFileSync(path, 'utf8');
  // Only a file with a namespace import or an `import('…')` needs its every node read, with parents.
  const walk = /import\s*\*\s*as\s|import\(/.test(text);
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, walk);
  const dir = dirname(path);
  /** name -> its declaration's line, for the report */
  const exports = new Map();
  /** [file, name | '*'] */
  const uses = [];
  /** re-exports: [exported name | '*', from file, name there | '*'] */
  const reexports = [];
  /** namespace import name -> file */
  const namespaces = new Map();
  const line = (node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;

  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const from = resolveSpecifier(dir, statement.moduleSpecifier.text, known);
      const clause = statement.importClause;
      if (!from || !clause) continue;
      if (clause.name) uses.push([from, 'default']);
      const bindings = clause.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) namespaces.set(bindings.name.text, from);
      else if (bindings)
        for (const el of bindings.elements)
          uses.push([from, (el.propertyName ?? el.name).getText(source)]);
    } else if (ts.isExportDeclaration(statement)) {
      const from =
        statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)
          ? resolveSpecifier(dir, statement.moduleSpecifier.text, known)
          : null;
      if (statement.moduleSpecifier && !from) continue;
      const clause = statement.exportClause;
      if (!clause) reexports.push(['*', from, '*']);
      else if (ts.isNamespaceExport(clause)) {
        exports.set(clause.name.text, line(statement));
        reexports.push([clause.name.text, from, '*']);
      } else
        for (const el of clause.elements) {
          const exported = el.name.getText(source);
          const local = (el.propertyName ?? el.name).getText(source);
          exports.set(exported, line(el));
          if (from) reexports.push([exported, from, local]);
        }
    } else if (hasExport(statement) && !hasDefault(statement)) {
      if (ts.isVariableStatement(statement)) {
        for (const d of statement.declarationList.declarations) {
          if (ts.isIdentifier(d.name)) exports.set(d.name.text, line(d));
          else
            for (const el of d.name.elements)
              if (ts.isBindingElement(el) && ts.isIdentifier(el.name))
                exports.set(el.name.text, line(el));
        }
      } else if (statement.name && ts.isIdentifier(statement.name)) {
        // Overloads and a merged namespace or interface declare one name more than once.
        if (!exports.has(statement.name.text)) exports.set(statement.name.text, line(statement));
      }
    }
  }

  const visit = (node) => {
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      const from = resolveSpecifier(dir, node.arguments[0].text, known);
      if (from) uses.push([from, '*']);
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      const from = resolveSpecifier(dir, node.argument.literal.text, known);
      if (from)
        uses.push([from, node.qualifier ? node.qualifier.getText(source).split('.')[0] : '*']);
    } else if (ts.isIdentifier(node) && namespaces.has(node.text)) {
      const from = namespaces.get(node.text);
      const parent = node.parent;
      if (ts.isNamespaceImport(parent)) {
        // the import itself
      } else if (
        (ts.isPropertyAccessExpression(parent) && parent.expression === node) ||
        (ts.isQualifiedName(parent) && parent.left === node)
      ) {
        uses.push([
          from,
          (ts.isPropertyAccessExpression(parent) ? parent.name : parent.right).text,
        ]);
      } else uses.push([from, '*']);
    }
    ts.forEachChild(node, visit);
  };
  if (walk) visit(source);
  return { exports, uses, reexports };
}

/** Every export of the repository's files that no other file uses: `[{file, name, line}]`. */
export function unusedExports(root = ROOT) {
  const files = sourceFiles(root);
  const known = new Set(files);
  const read = new Map(files.map((f) => [f, readFile(f, known)]));
  /** file -> names used ('*': all) */
  const used = new Map(files.map((f) => [f, new Set()]));
  const pending = [];
  const use = (file, name) => {
    const names = used.get(file);
    if (!names || names.has(name)) return;
    names.add(name);
    pending.push([file, name]);
  };
  for (const { uses } of read.values()) for (const [file, name] of uses) use(file, name);
  // A re-export passes its use on to the file it re-exports from.
  while (pending.length) {
    const [file, name] = pending.pop();
    for (const [exported, from, local] of read.get(file).reexports) {
      if (!from) continue;
      if (name === '*') use(from, local === '*' ? '*' : local);
      else if (exported === name) use(from, local);
      else if (exported === '*' && !read.get(file).exports.has(name)) use(from, name);
    }
  }
  const unused = [];
  for (const [file, { exports }] of read) {
    const names = used.get(file);
    // A declaration file (`.d.ts`, `.d.mts`) describes a module, its own or a virtual one: it
    // uses names, and what it declares is the module's.
    if (names.has('*') || !CHECKED.test(relative(root, file)) || DECLARATIONS.test(file)) continue;
    for (const [name, line] of exports)
      if (!names.has(name)) unused.push({ file: relative(root, file), name, line });
  }
  return unused.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

/** Drops the `export` of these names in `file`: the keyword, or the name from an export list. */
function dropExports(root, file, names) {
  const path = join(root, file);
  const text = readFileSync(path, 'utf8');
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  /** [start, end, replacement] */
  const edits = [];
  for (const statement of source.statements) {
    if (
      ts.isExportDeclaration(statement) &&
      statement.exportClause &&
      ts.isNamedExports(statement.exportClause)
    ) {
      const elements = statement.exportClause.elements;
      const kept = elements.filter((el) => !names.has(el.name.text));
      if (kept.length === elements.length) continue;
      if (kept.length === 0) {
        edits.push([statement.getFullStart(), statement.getEnd(), '']);
      } else {
        const list = kept.map((el) => el.getText(source)).join(', ');
        edits.push([
          statement.exportClause.getStart(),
          statement.exportClause.getEnd(),
          `{ ${list} }`,
        ]);
      }
    } else if (hasExport(statement)) {
      const declared = ts.isVariableStatement(statement)
        ? statement.declarationList.declarations.map((d) => d.name.getText(source))
        : [statement.name?.getText(source)];
      if (!declared.every((n) => names.has(n))) continue;
      const keyword = ts
        .getModifiers(statement)
        .find((m) => m.kind === ts.SyntaxKind.ExportKeyword);
      edits.push([keyword.getStart(), keyword.getEnd() + 1, '']);
    }
  }
  let out = text;
  for (const [start, end, replacement] of edits.sort((a, b) => b[0] - a[0]))
    out = out.slice(0, start) + replacement + out.slice(end);
  if (out !== text) writeFileSync(path, out);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const unused = unusedExports();
  if (process.argv.includes('--fix')) {
    const byFile = new Map();
    for (const u of unused) byFile.set(u.file, (byFile.get(u.file) ?? new Set()).add(u.name));
    for (const [file, names] of byFile) dropExports(ROOT, file, names);
    console.log(`Dropped ${unused.length} exports nothing imported.`);
    process.exit(0);
  }
  for (const u of unused) console.log(`${u.file}:${u.line}: ${u.name}`);
  console.log(
    unused.length ? `${unused.length} exports nothing imports.` : 'Every export is imported.',
  );
  process.exit(unused.length ? 1 : 0);
}

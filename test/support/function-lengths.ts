import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/** One function of a file and how many lines it spans, its first and last included. */
export interface FunctionLength {
  /** `file:name`, the name as a reader finds it (`Class.method`, `outer/inner`, `name@line`). */
  id: string;
  lines: number;
}

type FunctionNode =
  | ts.FunctionDeclaration
  | ts.FunctionExpression
  | ts.ArrowFunction
  | ts.MethodDeclaration
  | ts.ConstructorDeclaration
  | ts.AccessorDeclaration;

const isFunction = (node: ts.Node): node is FunctionNode =>
  ts.isFunctionDeclaration(node) ||
  ts.isFunctionExpression(node) ||
  ts.isArrowFunction(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isConstructorDeclaration(node) ||
  ts.isGetAccessorDeclaration(node) ||
  ts.isSetAccessorDeclaration(node);

/** What a name node says, or undefined for a computed one. */
function nameText(name: ts.Node | undefined): string | undefined {
  if (!name) return undefined;
  if (ts.isIdentifier(name) || ts.isPrivateIdentifier(name) || ts.isStringLiteral(name))
    return name.text;
  return undefined;
}

/** A call's name as written (`app.post`), with its first argument when that is a string. */
function callName(call: ts.CallExpression, source: ts.SourceFile): string {
  const first = call.arguments[0];
  const callee = call.expression.getText(source).replace(/\s+/g, '');
  return first && ts.isStringLiteralLike(first) ? `${callee}('${first.text}')` : `${callee}()`;
}

/**
 * A function's own name, else the name it is given: the variable, property or class field that
 * holds it, or the call it is passed to (`app.post('/agent/tasks/claim')`); a class's methods and
 * fields carry the class (`WaitingClaim.#woken`). Only a function with none of these is named by
 * its line.
 */
function functionName(node: FunctionNode, source: ts.SourceFile): string {
  const parent = node.parent;
  const own = ts.isConstructorDeclaration(node) ? 'constructor' : nameText(node.name);
  const given =
    own ??
    (ts.isVariableDeclaration(parent) ||
    ts.isPropertyAssignment(parent) ||
    ts.isPropertyDeclaration(parent)
      ? nameText(parent.name)
      : ts.isCallExpression(parent) && parent.expression !== node
        ? callName(parent, source)
        : undefined);
  if (given === undefined)
    return `<anonymous>@${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
  const holder = ts.isClassLike(parent)
    ? parent
    : ts.isPropertyDeclaration(parent)
      ? parent.parent
      : undefined;
  const className = holder ? nameText(holder.name) : undefined;
  return className ? `${className}.${given}` : given;
}

/**
 * Every function of one source text (declarations, expressions, arrow functions, methods,
 * constructors, accessors) with its length in lines from its first character to its last; a
 * nested function is named after the ones around it (`outer/inner`). Object and array literals
 * are data, not functions: a table of 400 lines is not measured, the functions inside it are.
 */
export function functionLengths(fileName: string, text: string): FunctionLength[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const out: FunctionLength[] = [];
  const lineOf = (pos: number) => source.getLineAndCharacterOfPosition(pos).line;
  const visit = (node: ts.Node, outer: string[]) => {
    let path = outer;
    if (isFunction(node)) {
      path = [...outer, functionName(node, source)];
      const lines = lineOf(node.getEnd()) - lineOf(node.getStart(source)) + 1;
      out.push({ id: `${fileName}:${path.join('/')}`, lines });
    }
    ts.forEachChild(node, (child) => visit(child, path));
  };
  visit(source, []);
  return out;
}

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return tsFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The functions of every TypeScript file under `root`/`folder`, paths relative to `root`. */
export function functionLengthsUnder(root: string, folder: string): FunctionLength[] {
  return tsFiles(join(root, folder)).flatMap((file) =>
    functionLengths(relative(root, file), readFileSync(file, 'utf8')),
  );
}

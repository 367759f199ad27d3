import { parseRows, RawText } from './rows.js';

/**
 * A server-driven screen's component stream, read by meaning (docs/network-internal-api.md,
 * "Server-driven screens"). Values refer to other rows as `"$L<hex>"` or `"$<hex>"`; a text that
 * itself begins with `$` comes escaped as `$$`; other `$` words (`"$"` opening an element,
 * `"$undefined"`, …) are the stream's own and never text. Every walk here follows references
 * wherever they sit, visits each value once (a stream may refer in a circle), and passes over
 * wrappers and rows it does not know.
 */

type Json = Record<string, unknown> | unknown[];

/** `$L<hex>` (a lazy row), `$<hex>`, and `$@<hex>` (a row that resolves later): all name a row. */
const REF = /^\$[L@]?([0-9a-fA-F]+)$/;

/** `["$", type, key, props]`: an element. */
function isElement(v: unknown): v is [string, unknown, unknown, unknown] {
  return Array.isArray(v) && v[0] === '$' && v.length >= 3;
}

const isJson = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !(v instanceof RawText);

export class ComponentStream {
  readonly rows: Map<string, unknown>;

  constructor(text: string) {
    this.rows = parseRows(text);
  }

  /** A value with its references followed: the row it names (a chain of references is followed, a circle ends in undefined). */
  deref(v: unknown): unknown {
    const seen = new Set<string>();
    while (typeof v === 'string') {
      const ref = REF.exec(v);
      if (!ref) return v;
      const id = ref[1]!.toLowerCase();
      if (seen.has(id) || !this.rows.has(id)) return undefined;
      seen.add(id);
      v = this.rows.get(id);
    }
    return v;
  }

  /** A string as the text it stands for: `$$x` is `$x`; the stream's own `$` words are no text (null). */
  static text(s: string): string | null {
    if (s.startsWith('$$')) return s.slice(1);
    return s.startsWith('$') ? null : s;
  }

  /**
   * Every object or list reachable from `from` (every row when absent), each once, parents before
   * their children, in the order they come. `skip` leaves a value and what is under it out.
   */
  *values(from?: unknown, skip?: (v: Json) => boolean): Generator<Json> {
    const seen = new Set<unknown>();
    const stack: unknown[] = from === undefined ? [...this.rows.values()].reverse() : [from];
    while (stack.length) {
      const v = this.deref(stack.pop());
      if (!isJson(v) || seen.has(v)) continue;
      seen.add(v);
      if (skip?.(v)) continue;
      yield v;
      const children = Array.isArray(v) ? v : Object.values(v);
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
    }
  }

  /** The name a component gives itself (`viewTrackingSpecs.viewName`, the specs an object or a list of them). */
  viewName(v: Json): string | null {
    if (Array.isArray(v)) return null;
    const specs = this.deref(v.viewTrackingSpecs);
    for (const spec of Array.isArray(specs) ? specs : [specs]) {
      const s = this.deref(spec);
      const name = isJson(s) && !Array.isArray(s) ? this.deref(s.viewName) : undefined;
      if (typeof name === 'string') return name;
    }
    return null;
  }

  /** The components under `from` (the whole stream when absent) that name themselves one of `names`. */
  components(names: readonly string[], from?: unknown): Record<string, unknown>[] {
    const out: Record<string, unknown>[] = [];
    for (const v of this.values(from)) {
      const name = this.viewName(v);
      if (name !== null && names.includes(name)) out.push(v as Record<string, unknown>);
    }
    return out;
  }

  /**
   * Every string under `from` (every row when absent), nearest first (breadth-first), references
   * followed and escapes undone; object keys too when `withKeys` (state keys are keys as often as values).
   */
  strings(from?: unknown, withKeys = false): string[] {
    const out: string[] = [];
    const seen = new Set<unknown>();
    let level: unknown[] = from === undefined ? [...this.rows.values()] : [from];
    while (level.length) {
      const next: unknown[] = [];
      for (const raw of level) {
        const v = this.deref(raw);
        if (typeof v === 'string') {
          const text = ComponentStream.text(v);
          if (text !== null) out.push(text);
        } else if (v instanceof RawText) out.push(v.text);
        else if (isJson(v) && !seen.has(v)) {
          seen.add(v);
          if (withKeys && !Array.isArray(v)) out.push(...Object.keys(v));
          next.push(...(Array.isArray(v) ? v : Object.values(v)));
        }
      }
      level = next;
    }
    return out;
  }

  /**
   * The text of a component, piece by piece: the strings under `children`, at any depth, through
   * elements and wrappers; a `br` element is a line break. `skip` leaves a nested component out.
   */
  textPieces(from: unknown, skip?: (v: Json) => boolean): string[] {
    const pieces: string[] = [];
    const seen = new Set<unknown>();
    const walk = (raw: unknown, inChildren: boolean): void => {
      const v = this.deref(raw);
      if (typeof v === 'string') {
        const text = inChildren ? ComponentStream.text(v) : null;
        if (text) pieces.push(text);
        return;
      }
      if (v instanceof RawText) {
        if (inChildren) pieces.push(v.text);
        return;
      }
      if (!isJson(v) || seen.has(v) || skip?.(v)) return;
      seen.add(v);
      if (isElement(v)) {
        if (this.deref(v[1]) === 'br') pieces.push('\n');
        else walk(v[3], false);
      } else if (Array.isArray(v)) {
        for (const x of v) walk(x, inChildren);
      } else {
        for (const [key, x] of Object.entries(v)) walk(x, key === 'children');
      }
    };
    walk(from, false);
    return pieces;
  }

  /** The text of a component as one string: its pieces joined, lines trimmed at both ends. */
  text(from: unknown, skip?: (v: Json) => boolean): string {
    return this.textPieces(from, skip)
      .join('')
      .replace(/[ \t]+\n/g, '\n')
      .trim();
  }

  /**
   * State values by key: `{"<key>": {"$case": "intValue", "intValue": n}}`, or an entry naming its
   * key somewhere in one part and holding the value in another (`{key: {…{id: "<key>"}}, value:
   * {…intValue}}`), wherever they sit. Only keys that begin with one of `prefixes` are kept.
   */
  intStates(prefixes: readonly string[]): Map<string, number> {
    const states = new Map<string, number>();
    const wanted = (s: string) => prefixes.some((p) => s.startsWith(p));
    for (const v of this.values()) {
      if (Array.isArray(v)) continue;
      const parts = Object.entries(v);
      for (const [key, x] of parts) {
        const n = wanted(key) && !states.has(key) ? this.intIn(x, 0) : null;
        if (n !== null) states.set(key, n);
      }
      // An entry: exactly one part names exactly one key, and another part holds its value.
      const named = parts.map(([, x]) => this.keysIn(x, wanted, 0));
      const naming = named.filter((keys) => keys.size > 0);
      if (naming.length !== 1 || naming[0]!.size !== 1) continue;
      const key = [...naming[0]!][0]!;
      for (const [i, [, x]] of parts.entries()) {
        const n = named[i]!.size || states.has(key) ? null : this.intIn(x, 0);
        if (n !== null) states.set(key, n);
      }
    }
    return states;
  }

  /** The wanted keys named under a value, a few levels down. */
  private keysIn(raw: unknown, wanted: (s: string) => boolean, depth: number): Set<string> {
    const v = this.deref(raw);
    if (typeof v === 'string') return new Set(wanted(v) ? [v] : []);
    if (!isJson(v) || depth > 3) return new Set();
    return new Set(
      (Array.isArray(v) ? v : Object.values(v)).flatMap((x) => [
        ...this.keysIn(x, wanted, depth + 1),
      ]),
    );
  }

  private intIn(raw: unknown, depth: number): number | null {
    const v = this.deref(raw);
    // A bare number is a value only as the state itself, not somewhere inside it.
    if (depth === 0 && typeof v === 'number' && Number.isFinite(v)) return v;
    if (!isJson(v) || Array.isArray(v) || depth > 3) return null;
    const int = this.deref(v.intValue);
    const n = typeof int === 'string' && /^\d+$/.test(int) ? Number(int) : int;
    if (typeof n === 'number' && Number.isFinite(n)) return n;
    for (const x of Object.values(v)) {
      const found = this.intIn(x, depth + 1);
      if (found !== null) return found;
    }
    return null;
  }
}

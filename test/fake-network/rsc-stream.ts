import { createHash } from 'node:crypto';

/**
 * A component stream as the server-driven screens answer it (facts, "Server-driven screens (SDUI),
 * measured 2026-10"): one row per line, `<hex id>:<value>`, a value JSON (or text); a value refers to
 * another row as `"$L<hex>"` (where a component goes) or `"$<hex>"` (plain data); a string that
 * itself begins with `$` is escaped as `$$`. Elements are written as React Server Components write
 * them, `["$", type, key, props]`, where `type` is a tag name or a reference to a client-module row
 * (`I[…]`, a text row, as React writes client references).
 */

/** A reference to a row: `"$L<hex>"` when lazy (a component's place), else `"$<hex>"`. */
export class RowRef {
  constructor(
    readonly id: number,
    readonly lazy: boolean,
  ) {}
}

/** An element `["$", type, key, props]`. */
export class Element {
  constructor(
    readonly type: string | RowRef,
    readonly key: string | null,
    readonly props: Record<string, unknown>,
  ) {}
}

export const el = (
  type: string | RowRef,
  props: Record<string, unknown> = {},
  key: string | null = null,
) => new Element(type, key, props);

/** The JSON a value is written as: references and elements in their stream forms, `$…` texts escaped. */
function encode(value: unknown): unknown {
  if (value instanceof RowRef) return `$${value.lazy ? 'L' : ''}${value.id.toString(16)}`;
  if (value instanceof Element) return ['$', encode(value.type), value.key, encode(value.props)];
  if (typeof value === 'string') return value.startsWith('$') ? `$${value}` : value;
  if (Array.isArray(value)) return value.map(encode);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, encode(v)]));
  return value;
}

export class ComponentStream {
  private readonly modules = new Map<string, RowRef>();
  private readonly moduleRows: string[] = [];
  private readonly rows: string[] = [];
  private readonly lateRows: string[] = [];
  private rootRow = '';
  private nextId = 1;

  /** A client component's module row (`I["<module>",[<chunks>],"<export>"]`), once per name. */
  module(name: string): RowRef {
    const known = this.modules.get(name);
    if (known) return known;
    const ref = new RowRef(this.nextId++, true);
    const chunk = createHash('sha1').update(name).digest('hex').slice(0, 16);
    this.moduleRows.push(
      `${ref.id.toString(16)}:I${JSON.stringify([`sdui/components/${name}`, [`/flagship-web/_next/static/chunks/${chunk}.js`], name])}`,
    );
    this.modules.set(name, ref);
    return ref;
  }

  /** A row holding `value`; `late` rows are written after every other row (as state rows stream in last). */
  row(value: unknown, options: { lazy?: boolean; late?: boolean } = {}): RowRef {
    const ref = new RowRef(this.nextId++, options.lazy ?? true);
    (options.late ? this.lateRows : this.rows).push(
      `${ref.id.toString(16)}:${JSON.stringify(encode(value))}`,
    );
    return ref;
  }

  /** Row 0. */
  root(value: unknown): void {
    this.rootRow = `0:${JSON.stringify(encode(value))}`;
  }

  /** Module rows first, then the root, then the rows in the order they were made, late rows last. */
  toString(): string {
    return `${[...this.moduleRows, this.rootRow, ...this.rows, ...this.lateRows].join('\n')}\n`;
  }
}

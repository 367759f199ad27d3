import type { Database, Transaction } from './database.js';

const counts = new WeakMap<object, { n: number }>();

/**
 * The same database, counting every statement run through it (in transactions too): what the
 * operator's `agent_db_statements_total` reports, and what shows that waiting claims cost none.
 */
export function countingStatements(db: Database): Database {
  const count = { n: 0 };
  const tx = (t: Transaction): Transaction => ({
    query: (sql, params, opts) => {
      count.n++;
      return t.query(sql, params, opts);
    },
    exec: (sql) => {
      count.n++;
      return t.exec(sql);
    },
  });
  const counted: Database = {
    kind: db.kind,
    query: (sql, params, opts) => {
      count.n++;
      return db.query(sql, params, opts);
    },
    transaction: (fn, opts) => db.transaction((t) => fn(tx(t)), opts),
    listen: (channel, handler) => db.listen(channel, handler),
    listening: () => db.listening(),
    onListeningChange: (handler) => db.onListeningChange(handler),
    close: () => db.close(),
  };
  counts.set(counted, count);
  return counted;
}

/** Statements run so far through a database opened by openDatabase (0 for any other). */
export function statementsRun(db: object): number {
  return counts.get(db)?.n ?? 0;
}

import type { Database, Transaction } from './database.js';

interface Tally {
  statements: number;
  inFlight: number;
  since: number;
  busyMs: number;
}

const tallies = new WeakMap<object, Tally>();

/** Runs one statement, counting it and the time the database was busy answering this process. */
function tallied<T>(tally: Tally, run: () => Promise<T>): Promise<T> {
  tally.statements++;
  if (tally.inFlight++ === 0) tally.since = performance.now();
  const done = () => {
    if (--tally.inFlight === 0) tally.busyMs += performance.now() - tally.since;
  };
  let answer: Promise<T>;
  try {
    answer = run();
  } catch (err) {
    done();
    throw err;
  }
  return answer.finally(done);
}

/**
 * The same database, counting every statement run through it (in transactions too), and the time
 * at least one of them was in flight: what the operator's `agent_db_statements_total` and
 * `agent_db_busy_seconds_total` report, what shows that waiting claims cost no statements, and what
 * tells a wake-up late by the database apart from one late by its own path.
 */
export function countingStatements(db: Database): Database {
  const tally: Tally = { statements: 0, inFlight: 0, since: 0, busyMs: 0 };
  const tx = (t: Transaction): Transaction => ({
    query: (sql, params, opts) => tallied(tally, () => t.query(sql, params, opts)),
    exec: (sql) => tallied(tally, () => t.exec(sql)),
  });
  const counted: Database = {
    kind: db.kind,
    query: (sql, params, opts) => tallied(tally, () => db.query(sql, params, opts)),
    transaction: (fn, opts) => db.transaction((t) => fn(tx(t)), opts),
    listen: (channel, handler) => db.listen(channel, handler),
    listening: () => db.listening(),
    onListeningChange: (handler) => db.onListeningChange(handler),
    close: () => db.close(),
  };
  tallies.set(counted, tally);
  return counted;
}

/** Statements run so far through a database opened by openDatabase (0 for any other). */
export function statementsRun(db: object): number {
  return tallies.get(db)?.statements ?? 0;
}

/**
 * Milliseconds so far during which at least one statement of this process was in flight on a
 * database opened by openDatabase (0 for any other), the one in flight now included.
 */
export function databaseBusyMs(db: object): number {
  const tally = tallies.get(db);
  if (!tally) return 0;
  return tally.busyMs + (tally.inFlight > 0 ? performance.now() - tally.since : 0);
}

// PGlite on a thread of its own (db/pglite-database.ts is the other side). Each message is one
// operation, answered with its id, run one at a time in the order they arrive. Plain JavaScript:
// a worker thread does not get the TypeScript loader of its parent, and the built service copies
// this file as it is.
import { setFlagsFromString } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';

// PostgreSQL compiled to WebAssembly is 9 MB of code, and by default V8 compiles all of it at once
// with its baseline compiler (Liftoff), then again with its optimising one (TurboFan) every function
// that runs often: about 80 MB of machine code in an idle service. With `lazyCompile` (the
// long-running service, main.ts), each function is compiled the first time it runs, once, with
// TurboFan only: the idle service holds only the code it ran (bench/idle-rss.ts). Compiling with
// TurboFan is slower than with Liftoff, so the first run of each statement is slower, and a
// database opened for a short life (tests, scripts) would pay that at every start: twice the time
// to open and migrate one. The flags are read when the module is compiled, hence PGlite is
// imported after them. They are process-wide; nothing else in the service runs WebAssembly.
if (workerData.lazyCompile) {
  setFlagsFromString('--no-liftoff');
  setFlagsFromString('--wasm-lazy-compilation');
}
const { PGlite, protocol, parse } = await import('@electric-sql/pglite');

let db;
let unlisten;
// Statements prepared by name on this one session (QueryOptions.prepare in db/database.ts), by their
// text: the name and the parameter types PostgreSQL inferred.
let preparedStatements;

/**
 * Opens a database (`settings`: this thread's workerData, or an `open` operation's): PGlite's start
 * parameters and the service's settings over them (db/pglite-database.ts). `image`: a data
 * directory saved by the `dump` operation, loaded into memory instead of a new cluster (initdb):
 * the test suite's fresh databases, each a copy of one migrated cluster. `wasmModule`: PostgreSQL
 * already compiled by the opening thread, not compiled again here. A thread whose database was
 * closed may open another (the `open` operation): its JavaScript is already compiled and warm.
 */
async function open(settings) {
  const startParams = [...PGlite.defaultStartParams, ...settings.extraStartParams];
  const loadDataDir = settings.image
    ? new Blob([await (await import('node:fs/promises')).readFile(settings.image)])
    : undefined;
  db = await PGlite.create(settings.dataDir ?? undefined, {
    startParams,
    loadDataDir,
    pgliteWasmModule: settings.wasmModule ?? undefined,
  });
  unlisten = new Map();
  preparedStatements = new Map();
  genericPlans = false;
}

/** What crosses the thread boundary of an error: its message and PostgreSQL's fields (code, detail…). */
const plainError = (err) => ({
  message: err instanceof Error ? err.message : String(err),
  fields: err instanceof Error ? { ...err } : {},
});

const { serialize } = protocol;
const noSync = { syncToFs: false };

function concat(...messages) {
  const out = new Uint8Array(messages.reduce((n, m) => n + m.length, 0));
  let at = 0;
  for (const m of messages) {
    out.set(m, at);
    at += m.length;
  }
  return out;
}

async function prepare(sql) {
  const name = `s${preparedStatements.size + 1}`;
  try {
    await db.execProtocolStream(serialize.parse({ name, text: sql }), noSync);
    const types = parse.parseDescribeStatementResults(
      await db.execProtocolStream(serialize.describe({ type: 'S', name }), noSync),
    );
    const statement = { name, types };
    preparedStatements.set(sql, statement);
    return statement;
  } finally {
    await db.execProtocolStream(serialize.sync(), noSync);
  }
}

// What PGlite's query() does (its serializers and parsers), less the parse and plan: bind, describe,
// execute and sync go in one message.
async function runPrepared(sql, params = []) {
  const statement = preparedStatements.get(sql) ?? (await prepare(sql));
  const values = params.map((v, i) =>
    v === null || v === undefined ? null : (db.serializers[statement.types[i]] ?? String)(v),
  );
  let messages;
  try {
    messages = await db.execProtocolStream(
      concat(
        serialize.bind({ statement: statement.name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ),
      noSync,
    );
  } catch (err) {
    // The error stopped the message at its sync: end the exchange as PGlite's query() does.
    await db.execProtocolStream(serialize.sync(), noSync).catch(() => {});
    throw err;
  }
  if (!db.isInTransaction()) await db.syncToFs();
  return parse.parseResults(messages, db.parsers)[0]?.rows ?? [];
}

// A prepared statement runs on its generic plan, made once (QueryOptions.prepare in db/database.ts);
// every other statement is planned for its values. PostgreSQL's setting is per session, and this
// is one session: it is switched between the two outside transactions, where a SET takes effect at
// once and for good. A transaction keeps the setting its BEGIN found (`auto`: BEGIN is an exec),
// or its own SET LOCAL (db/transaction-options.ts).
// A statement without parameters has one plan either way: it runs as it finds the setting.
let genericPlans = false;
async function planFor({ op, params }) {
  if (
    op === 'open' ||
    op === 'close' ||
    op === 'listen' ||
    op === 'dump' ||
    (op === 'query' && !params?.length)
  )
    return;
  const generic = op === 'prepared';
  if (generic === genericPlans || db.isInTransaction()) return;
  await db.exec(
    generic ? 'SET plan_cache_mode = force_generic_plan' : 'SET plan_cache_mode = auto',
  );
  genericPlans = generic;
}

const operations = {
  query: async ({ sql, params }) => (await db.query(sql, params)).rows,
  prepared: ({ sql, params }) => runPrepared(sql, params),
  exec: async ({ sql }) => void (await db.exec(sql)),
  listen: async ({ channel }) => {
    if (!unlisten.has(channel))
      unlisten.set(
        channel,
        await db.listen(channel, (payload) => parentPort.postMessage({ channel, payload })),
      );
  },
  close: async () => {
    await db.close();
  },
  open: ({ settings }) => open(settings),
  dump: async () => new Uint8Array(await (await db.dumpDataDir('none')).arrayBuffer()),
};

async function run(message) {
  try {
    await planFor(message);
    const result = await operations[message.op](message);
    parentPort.postMessage({ id: message.id, result });
  } catch (err) {
    parentPort.postMessage({ id: message.id, error: plainError(err) });
  }
}

// Strictly one after another, in arrival order: a statement sent before a transaction's BEGIN must
// not end up inside it.
let previous = Promise.resolve();
parentPort.on('message', (message) => {
  previous = previous.then(() => run(message));
});
await open(workerData);
parentPort.postMessage({ ready: true });

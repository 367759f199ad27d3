import type { MapAlternative, NetworkCallName, NetworkMap } from '../contract/network-map.js';
import { NetworkError } from './errors.js';
import { learnedQueryId } from './map/learn.js';
import {
  CannotMake,
  fillPath,
  fillQuery,
  fillTemplate,
  hasValue,
  type CallVars,
} from './map/template.js';
import { normalized, type JsonNode } from './normalized.js';
import { type Completeness, lacking } from './read/completeness.js';
import { FieldReader } from './read/fields.js';
import { ComponentStream } from './read/stream/stream.js';
import type { SessionMemory } from './session-memory.js';
import type { NetworkFetch, NetworkRequest } from './session.js';
import type { AlternativeFailure, NetworkReport } from './types.js';

/** What every operation calls the network with. */
export interface CallContext {
  map: NetworkMap;
  fetch: NetworkFetch;
  signal: AbortSignal;
  memory: SessionMemory;
  /** Filled as calls are made; travels back with the task result to the worker's health report. */
  report: NetworkReport;
}

export interface CallAnswer {
  /** A JSON answer (`{data, included}` or plain); empty for a server-driven one. */
  root: JsonNode;
  /** A server-driven answer's component stream, read by meaning (`alt.read.names`); null for JSON. */
  stream: ComponentStream | null;
  alt: MapAlternative;
  fields: FieldReader;
  headers: Record<string, string>;
}

/** The request an alternative makes with these values; throws CannotMake when it cannot be made. */
function requestFor(call: NetworkCallName, alt: MapAlternative, vars: CallVars): NetworkRequest {
  const missing = (alt.requires ?? []).filter((name) => !hasValue(vars[name]));
  if (missing.length) throw new CannotMake(`needs ${missing.join(', ')}`);
  // A page never asks for more than the alternative's network gives at once.
  const count = vars.count;
  const filledVars =
    alt.paging && typeof count === 'number'
      ? { ...vars, count: Math.min(count, alt.paging.max_count) }
      : vars;
  const path = fillPath(alt.path, filledVars);
  const qs = fillQuery(alt.query, filledVars);
  return {
    call,
    method: alt.method,
    kind: alt.kind ?? 'api',
    path: qs ? `${path}?${qs}` : path,
    body: alt.body === undefined ? undefined : fillTemplate(alt.body, filledVars),
    accept: alt.accept ?? 'normalized',
  };
}

/** The alternatives in the order to try: the one that worked last in this session first. */
function ordered(ctx: CallContext, call: NetworkCallName): MapAlternative[] {
  const alts = ctx.map.calls[call] as MapAlternative[];
  const working = ctx.memory.workingAlternative(ctx.map.version, call);
  const first = alts.find((a) => a.id === working);
  return first ? [first, ...alts.filter((a) => a !== first)] : alts;
}

/**
 * Whether a failure means "this alternative no longer works; try the next one" rather than an
 * answer about the target or the session. Statuses come from the map (`next_on`); an answer that
 * came but could not be read moves on only for reads: a write that was answered was performed.
 */
function movesOn(alt: MapAlternative, err: NetworkError, hasNext: boolean): boolean {
  if (err.code !== 'network_changed' && err.code !== 'not_found') return false;
  if (err.status === undefined) return isRead(alt) && err.code === 'network_changed';
  if ((alt.next_on ?? []).includes(err.status)) return true;
  // A 404 is no proof the target is gone while another way may answer; a write refused as 400,
  // 405 or 410 was not performed, so another way may make it.
  if (!hasNext) return false;
  return err.status === 404 || (!isRead(alt) && WAY_REFUSALS.includes(err.status));
}
const WAY_REFUSALS = [400, 405, 410];

/** A GET, or a server-driven list's next window (a POST that changes nothing). */
const isRead = (alt: MapAlternative) =>
  alt.method === 'GET' || (alt.kind === 'sdui' && alt.path === 'pagination');

/**
 * One call to the network: its alternatives in order until one answers and its answer reads whole
 * (read/completeness.ts: most results lacking a required field is a way that no longer works).
 * Every alternative that failed on the way is reported, and what each answer's results lacked; the
 * one that worked is remembered for the session, so a retired way costs one extra request per
 * session, not one per task. A 404 moves on to the next way: the target is `not_found` only when
 * every way made says so, or the one way there is does with the network's own not-found answer
 * (errors.ts tells a route that is gone from a target that is). Only for a read, a 404 from the way
 * that works in this session is about the target: it ends the call at once.
 */
export async function callNetwork<T>(
  ctx: CallContext,
  call: NetworkCallName,
  vars: CallVars,
  read: (answer: CallAnswer) => T,
): Promise<T> {
  const failures: AlternativeFailure[] = [];
  const alts = ordered(ctx, call);
  const proven = ctx.memory.workingAlternative(ctx.map.version, call);
  let made = 0;
  for (const [index, alt] of alts.entries()) {
    let request: NetworkRequest;
    // A queryId learned from the web app's page; a page that names none skips this way.
    const queryId = alt.learn && (await learnedQueryId(ctx, call, alt.learn));
    if (queryId === null) continue;
    try {
      request = requestFor(call, alt, queryId ? { ...vars, query_id: queryId } : vars);
    } catch (err) {
      if (err instanceof CannotMake) continue;
      throw err;
    }
    made++;
    const fields = new FieldReader(ctx.map, alt);
    try {
      const answer = await ctx.fetch(request, ctx.signal);
      const root = normalized(answer.json ?? {}, `${call} (${alt.id})`);
      const stream = alt.kind === 'sdui' ? new ComponentStream(answer.text ?? '') : null;
      let value: T;
      try {
        value = read({ root, stream, alt, fields, headers: answer.headers });
      } finally {
        noteGaps(ctx.report, call, alt.id, fields.completeness);
      }
      const gap = fields.completeness.mostlyMissing();
      if (gap) throw lacking(call, alt.id, gap);
      ctx.memory.rememberWorking(ctx.map.version, call, alt.id);
      ctx.report.used.push({ call, alternative: alt.id });
      ctx.report.failed.push(...failures);
      return value;
    } catch (err) {
      const aboutTheTarget =
        err instanceof NetworkError && err.code === 'not_found' && alt.id === proven && isRead(alt);
      // The last way ends in the summary below when it too failed as a way (for a write, when
      // another way failed before it), so the task's error names every way that was tried.
      const lastWay =
        index === alts.length - 1 &&
        err instanceof NetworkError &&
        failedAsAWay(err) &&
        (isRead(alt) || failures.length > 0);
      if (
        !(err instanceof NetworkError) ||
        aboutTheTarget ||
        !(movesOn(alt, err, index < alts.length - 1) || lastWay)
      ) {
        ctx.report.failed.push(...failures);
        throw err;
      }
      failures.push({
        call,
        alternative: alt.id,
        status: err.status ?? null,
        code: err.code,
        message: err.message.slice(0, 300),
      });
    }
  }
  ctx.report.failed.push(...failures);
  if (made === 0)
    throw new NetworkError(
      'network_changed',
      `No alternative of ${call} in the network map can be made with this input`,
      { retryable: false },
    );
  // Every way said "not found": the target is gone. A mix means some ways are gone themselves.
  if (failures.every((f) => f.code === 'not_found'))
    throw new NetworkError('not_found', failures[0]!.message);
  const why = failures
    .map(
      (f) =>
        `${f.alternative}: ${f.status === null ? f.message.slice(0, 200) : `HTTP ${f.status}`}`,
    )
    .join('; ');
  throw new NetworkError(
    'network_changed',
    `No way to ${call} works any more (${why}). The network map needs an update.`,
  );
}

/** Adds what one answer's results lacked to the task's report, one entry per call and way. */
function noteGaps(
  report: NetworkReport,
  call: NetworkCallName,
  alternative: string,
  completeness: Completeness,
): void {
  if (completeness.results === 0) return;
  report.answers ??= [];
  const answers = report.answers;
  let entry = answers.find((a) => a.call === call && a.alternative === alternative);
  if (!entry) {
    if (answers.length >= 100) return;
    entry = { call, alternative, results: 0, missing: [] };
    answers.push(entry);
  }
  entry.results = Math.min(1_000_000, entry.results + completeness.results);
  for (const gap of completeness.gaps()) {
    const known = entry.missing.find((m) => m.field === gap.field);
    if (known) known.count = Math.min(1_000_000, known.count + gap.missing);
    else if (entry.missing.length < 20)
      entry.missing.push({ field: gap.field, count: gap.missing });
  }
}

function failedAsAWay(err: NetworkError): boolean {
  return err.code === 'network_changed' || (err.code === 'not_found' && err.status !== undefined);
}

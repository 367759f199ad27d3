// The public API caller of the API latency benchmark (bench/api-load.mjs), in a worker thread of
// its own: the 10,000 agents' sockets beside it made its thread's heap hundreds of megabytes, and
// each of that heap's collections (60-100 ms there) held the API answers waiting in it, as no API
// client beside a service would. An open loop at `ratePerS` for `seconds`, half task creations,
// half status reads of tasks it created; answers with the latencies and when each task was sent
// (`performance.timeOrigin + performance.now()`, a clock the agents' thread shares), and the
// slowest requests: when each was sent (seconds into the calls), to which service, what it was.
// Plain JavaScript: a worker thread does not get the TypeScript loader of its parent.
import { Agent } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import { httpCall } from './http-call.mjs';

const { apis, ratePerS, seconds } = workerData;
const sockets = new Agent({ keepAlive: true, maxSockets: 50 });
const now = () => performance.timeOrigin + performance.now();

/** Per created task: when its creation was sent. */
const created = [];
const createdIds = [];
const samples = { create: [], status: [] };
const failures = [];
/** `[latency ms, sent at s, kind, service url]` of every request, for the slowest. */
const timeline = [];
const SLOWEST = 8;

async function apiRequest(i) {
  const api = apis[Math.floor(Math.random() * apis.length)];
  const kind = i % 2 === 0 || createdIds.length === 0 ? 'create' : 'status';
  const headers = { 'x-api-key': api.apiKey, 'content-type': 'application/json' };
  const read = createdIds[Math.floor(Math.random() * createdIds.length)];
  const sent = now();
  const res =
    kind === 'create'
      ? await httpCall(
          `${api.url}/network-agent/fetch-profile`,
          'POST',
          headers,
          JSON.stringify({ profile_slug: `person-${i}` }),
          sockets,
        )
      : await httpCall(
          `${api.url}/network-agent/get-task-status?api_agent_task_id=${read.id}`,
          'GET',
          { 'x-api-key': read.apiKey },
          undefined,
          sockets,
        );
  const took = now() - sent;
  samples[kind].push(took);
  timeline.push([took, (sent - performance.timeOrigin - started) / 1000, kind, api.url]);
  if (res.status !== 200) failures.push(`${kind} ${res.status}`);
  else if (kind === 'create') {
    created.push([res.body.api_agent_task_id, sent]);
    createdIds.push({ id: res.body.api_agent_task_id, apiKey: api.apiKey });
  }
}

// A few untimed reads of a task that does not exist (404) on each service first: the thread's
// first requests compile its code and open its sockets, a start-up no client pays per request.
for (const api of new Map(apis.map((a) => [a.url, a])).values())
  for (let i = 0; i < 5; i++)
    await httpCall(
      `${api.url}/network-agent/get-task-status?api_agent_task_id=${crypto.randomUUID()}`,
      'GET',
      { 'x-api-key': api.apiKey },
      undefined,
      sockets,
    );

const total = Math.round(ratePerS * seconds);
const started = performance.now();
const inFlight = [];
for (let i = 0; i < total; i++) {
  const due = started + (i * 1000) / ratePerS;
  const wait = due - performance.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  inFlight.push(apiRequest(i).catch((err) => failures.push(err.message)));
}
await Promise.all(inFlight);
sockets.destroy();
const slowest = timeline
  .sort((a, b) => b[0] - a[0])
  .slice(0, SLOWEST)
  .map(([ms, atS, kind, url]) => ({ ms, at_s: atS, kind, url }));
parentPort.postMessage({ samples, failures: failures.slice(0, 20), created, slowest });

// The load of the API latency benchmark (bench/api-latency.ts), in a worker thread of its own so
// that neither side's client work is counted against the service: `agents` extension agents that
// wait in long-poll claims and complete what they are handed, and a caller of the public API at a
// fixed rate (open loop: a request is sent on time whether or not the last one was answered, so a
// slow answer cannot hide the ones that would have waited behind it), half task creations, half
// status reads of tasks it created. Plain JavaScript: a worker thread does not get the TypeScript
// loader of its parent.
import { Agent } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import { httpCall } from './http-call.mjs';

const { url, apiKey, agents, ratePerS, seconds, output } = workerData;
const agentSockets = new Agent({ keepAlive: true, maxSockets: agents.length + 10 });
const apiSockets = new Agent({ keepAlive: true, maxSockets: 50 });

const call = (method, path, headers, body, sockets) =>
  httpCall(`${url}${path}`, method, headers, body, sockets);

let stopping = false;
let completed = 0;
const agentErrors = [];
async function agentLoop(agent) {
  while (!stopping) {
    const claim = await call(
      'POST',
      '/agent/tasks/claim',
      agent.headers,
      '{"wait_s":25}',
      agentSockets,
    ).catch((err) => ({ status: 0, body: err.message }));
    if (stopping) return;
    if (claim.status === 204) continue;
    if (claim.status !== 200) {
      agentErrors.push(`claim ${claim.status}`);
      return;
    }
    const { task } = claim.body;
    const fin = await call(
      'POST',
      `/agent/tasks/${task.id}/complete`,
      agent.headers,
      JSON.stringify({ attempt: task.attempt, output }),
      agentSockets,
    );
    if (fin.status !== 200) agentErrors.push(`complete ${fin.status}`);
    else completed++;
  }
}

const apiHeaders = { 'x-api-key': apiKey, 'content-type': 'application/json' };
const created = [];
const samples = { create: [], status: [] };
const failures = [];

async function apiRequest(i) {
  const kind = i % 2 === 0 || created.length === 0 ? 'create' : 'status';
  const sent = performance.now();
  const res =
    kind === 'create'
      ? await call(
          'POST',
          '/network-agent/fetch-profile',
          apiHeaders,
          JSON.stringify({ profile_slug: `person-${i}` }),
          apiSockets,
        )
      : await call(
          'GET',
          `/network-agent/get-task-status?api_agent_task_id=${created[Math.floor(Math.random() * created.length)]}`,
          apiHeaders,
          undefined,
          apiSockets,
        );
  samples[kind].push(performance.now() - sent);
  if (res.status !== 200) failures.push(`${kind} ${res.status}`);
  else if (kind === 'create') created.push(res.body.api_agent_task_id);
}

const loops = agents.map((a) => agentLoop(a));
// Every agent waiting before the first call.
await new Promise((r) => setTimeout(r, 1_000));
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
// The last tasks reach their agents.
await new Promise((r) => setTimeout(r, 500));
stopping = true;
agentSockets.destroy();
apiSockets.destroy();
await Promise.race([Promise.allSettled(loops), new Promise((r) => setTimeout(r, 1_000))]);
parentPort.postMessage({ samples, failures, agentErrors, created: created.length, completed });

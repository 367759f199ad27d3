// The load of the API latency benchmark (bench/api-latency.ts), in a child process of its own so
// that neither its client work nor its sockets' memory is counted against the service: `agents`
// extension agents that wait in long-poll claims and complete what they are handed, and a caller
// of the public API at a fixed rate in a worker thread (bench/api-caller.mjs; open loop: a request
// is sent on time whether or not the last one was answered, so a slow answer cannot hide the ones
// that would have waited behind it), half task creations, half status reads of tasks it created.
// Told what to do over the IPC channel: `{ agents, apis, ... }` starts the agents,
// `{ start: true }` the API calls; it answers with the figures, and its agents go on waiting in
// their claims (the bench reads the service's memory beside them) until the process is killed.
// Plain JavaScript: the child runs on node without the TypeScript loader.
import { Agent } from 'node:http';
import { Worker } from 'node:worker_threads';
import { httpCall } from './http-call.mjs';

const send = (message) => new Promise((resolve) => process.send(message, resolve));
const next = () => new Promise((resolve) => process.once('message', resolve));

const { agents, apis, ratePerS, seconds, output, waitS } = await next();
const agentSockets = new Agent({ keepAlive: true, maxSockets: agents.length + 10 });

let completed = 0;
const agentErrors = [];
/** When each task reached an agent, and how often (more than once would be a double delivery). */
const received = new Map();
let duplicates = 0;

async function agentLoop(agent, firstWaitS) {
  let wait = firstWaitS;
  for (;;) {
    const claim = await httpCall(
      `${agent.url}/agent/tasks/claim`,
      'POST',
      agent.headers,
      `{"wait_s":${wait}}`,
      agentSockets,
    ).catch((err) => ({ status: 0, body: err.message }));
    wait = waitS;
    if (claim.status === 204) continue;
    // As the extension does: a refused claim or a dropped connection is tried again a second later.
    if (claim.status === 503 || claim.status === 0) {
      agentErrors.push(claim.status === 0 ? `claim: ${claim.body}` : 'claim 503');
      await new Promise((r) => setTimeout(r, 1_000));
      continue;
    }
    if (claim.status !== 200) {
      agentErrors.push(`claim ${claim.status}`);
      return;
    }
    const { task } = claim.body;
    if (received.has(task.id)) duplicates++;
    else received.set(task.id, performance.timeOrigin + performance.now());
    const fin = await httpCall(
      `${agent.url}/agent/tasks/${task.id}/complete`,
      'POST',
      agent.headers,
      JSON.stringify({ attempt: task.attempt, output }),
      agentSockets,
    ).catch((err) => ({ status: 0, body: err.message }));
    if (fin.status !== 200) agentErrors.push(`complete ${fin.status}`);
    else completed++;
  }
}

// The agents arrive over a few seconds, and their first claims end at spread times, as browsers
// opened through a working day would: not all 10,000 re-polling in the same second.
const loops = [];
for (let i = 0; i < agents.length; i++) {
  loops.push(agentLoop(agents[i], 1 + Math.floor(Math.random() * waitS)));
  if (i % 500 === 499) await new Promise((r) => setTimeout(r, 100));
}
await send({ ready: true });
await next();

const caller = new Worker(new URL('./api-caller.mjs', import.meta.url), {
  workerData: { apis, ratePerS, seconds },
});
const {
  samples,
  failures,
  created: sentAt,
  slowest,
} = await new Promise((resolve, reject) => {
  caller.once('message', resolve);
  caller.once('error', reject);
});
/** Per created task: when its creation was sent. */
const created = new Map(sentAt);
// The last tasks reach their agents.
for (let waited = 0; waited < 5_000; waited += 100) {
  if ([...created.keys()].every((id) => received.has(id))) break;
  await new Promise((r) => setTimeout(r, 100));
}
const dispatch = [];
let delivered = 0;
for (const [id, sent] of created) {
  const at = received.get(id);
  if (at === undefined) continue;
  delivered++;
  dispatch.push(at - sent);
}
await send({
  samples,
  failures: failures.slice(0, 20),
  agentErrors: agentErrors.slice(0, 20),
  created: created.size,
  delivered,
  duplicates,
  completed,
  dispatch,
  slowest,
});

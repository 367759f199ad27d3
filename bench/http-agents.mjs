// The HTTP agents of the queue benchmark (bench/queue-bench.ts), in a worker thread of their own:
// a real agent runs in a member's browser, so its side of each request (building it, reading the
// answer) must not be counted against the service, as it was when both shared one thread. On a
// small machine the agents still share its cores with the service, so they use node:http over
// kept-alive sockets, which costs a fraction of what fetch does per request.
// Plain JavaScript: a worker thread does not get the TypeScript loader of its parent.
import { Agent } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import { httpCall } from './http-call.mjs';

const { url, agents, type, output } = workerData;
const keepAlive = new Agent({ keepAlive: true, maxSockets: agents.length });

/** POSTs `body` as JSON; resolves with the status and the parsed answer (null for none). */
const post = (path, headers, body) => httpCall(`${url}${path}`, 'POST', headers, body, keepAlive);

let done = 0;
const started = performance.now();
await Promise.all(
  agents.map(async (agent) => {
    for (;;) {
      const claim = await post('/agent/tasks/claim', agent.headers, '{"wait_s":0}');
      if (claim.status === 204) return;
      if (claim.status !== 200)
        throw new Error(`claim answered ${claim.status}: ${JSON.stringify(claim.body)}`);
      const { task } = claim.body;
      if (task.type !== type)
        throw new Error(`claimed a ${task.type} task, not one of the benched ${type}`);
      const fin = await post(
        `/agent/tasks/${task.id}/complete`,
        agent.headers,
        JSON.stringify({ attempt: task.attempt, output }),
      );
      if (fin.status !== 200)
        throw new Error(`complete answered ${fin.status}: ${JSON.stringify(fin.body)}`);
      done++;
    }
  }),
);
keepAlive.destroy();
parentPort.postMessage({ done, seconds: (performance.now() - started) / 1000 });

// The HTTP agents of the queue benchmark (bench/queue-bench.ts), in a worker thread of their own:
// a real agent runs in a member's browser, so its side of each request (building it, reading the
// answer) must not be counted against the service, as it was when both shared one thread.
// Plain JavaScript: a worker thread does not get the TypeScript loader of its parent.
import { parentPort, workerData } from 'node:worker_threads';

const { url, agents, output } = workerData;
let done = 0;
const started = performance.now();
await Promise.all(
  agents.map(async (agent) => {
    for (;;) {
      const res = await fetch(`${url}/agent/tasks/claim`, { method: 'POST', headers: agent.headers, body: '{"wait_s":0}' });
      if (res.status === 204) return;
      const { task } = await res.json();
      const fin = await fetch(`${url}/agent/tasks/${task.id}/complete`, {
        method: 'POST',
        headers: agent.headers,
        body: JSON.stringify({ attempt: task.attempt, output }),
      });
      if (fin.status !== 200) throw new Error(`complete answered ${fin.status}: ${await fin.text()}`);
      await fin.arrayBuffer();
      done++;
    }
  }),
);
parentPort.postMessage({ done, seconds: (performance.now() - started) / 1000 });

// One HTTP request over node:http for the benches' worker threads (bench/http-agents.mjs,
// bench/api-load.mjs): kept-alive sockets cost a fraction of what fetch does per request, so the
// client's side weighs little on a small machine whose cores it shares with the service.
// Plain JavaScript: a worker thread does not get the TypeScript loader of its parent.
import { request } from 'node:http';

/** Sends `body` (a JSON string, or nothing); resolves with the status and the parsed answer (null for none). */
export function httpCall(url, method, headers, body, sockets) {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, agent: sockets }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        resolve({ status: res.statusCode, body: text ? JSON.parse(text) : null });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

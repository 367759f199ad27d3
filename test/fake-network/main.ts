import { startFakeNetwork } from './server.js';

/**
 * Standalone fake network for end-to-end tests that run it in another process:
 * `npx tsx test/fake-network/main.ts [--port N]` prints `FAKE_NETWORK_PORT=<port>` and serves until
 * killed. Modes are switched over HTTP: `POST /__fake/mode {"mode": "rate_limited"}`,
 * `POST /__fake/reset`, `GET /__fake/state`.
 */
const portArg = process.argv.indexOf('--port');
const port = portArg > 0 ? Number(process.argv[portArg + 1]) : Number(process.env.FAKE_NETWORK_PORT ?? 0);
const fake = await startFakeNetwork({ port });
console.log(`FAKE_NETWORK_PORT=${fake.port}`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

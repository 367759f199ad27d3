import { startFakeNetwork } from './server.js';
import { FAKE_DRIFTS, isDrift } from './drifts.js';
import { FAKE_VOICES, isVoice } from './voices.js';

/**
 * Standalone fake network for end-to-end tests that run it in another process:
 * `npx tsx test/fake-network/main.ts [--port N] [--voice today|drifted|paged|measured_2026|sdui_2026]
 * [--drift none|field_moved|…]` prints `FAKE_NETWORK_PORT=<port>` and serves until killed. Modes,
 * voices and drifts are switched over HTTP: `POST /__fake/mode {"mode": "rate_limited"}`,
 * `POST /__fake/voice {"voice": "paged"}`, `POST /__fake/drift {"drift": "field_moved"}`,
 * `POST /__fake/reset`, `GET /__fake/state`.
 */
const arg = (name: string) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const port = Number(arg('--port') ?? process.env.FAKE_NETWORK_PORT ?? 0);
const voice = arg('--voice') ?? process.env.FAKE_NETWORK_VOICE ?? 'today';
if (!isVoice(voice)) {
  console.error(`--voice must be one of ${FAKE_VOICES.join(', ')}`);
  process.exit(2);
}
const drift = arg('--drift') ?? process.env.FAKE_NETWORK_DRIFT ?? 'none';
if (!isDrift(drift)) {
  console.error(`--drift must be one of ${FAKE_DRIFTS.join(', ')}`);
  process.exit(2);
}
const fake = await startFakeNetwork({ port, voice, drift });
console.log(`FAKE_NETWORK_PORT=${fake.port}`);
console.log(`FAKE_NETWORK_VOICE=${fake.voice()}`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

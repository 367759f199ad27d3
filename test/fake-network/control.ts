import { type Answer, json } from './answer.js';
import { FAKE_DRIFTS, isDrift } from './drifts.js';
import { FAKE_MODES, type FakeMode, type FakeSession } from './session.js';
import { ALL_FAKE_VOICES, isVoice } from './voices.js';

/**
 * The test controls over HTTP (`/__fake/*`), for a fake network run in another process (main.ts):
 * mode, voice and drift, reset, the state so far, and the people's own acts (accepting an
 * invitation, replying). README.md lists the calls and their answers.
 */
export function control(s: FakeSession, method: string, path: string, body: string): Answer {
  let b: Record<string, unknown>;
  try {
    b = JSON.parse(body || '{}') as Record<string, unknown>;
  } catch {
    return json({ error: 'body is not JSON' }, 400);
  }
  if (method === 'GET' && path === '/__fake/state')
    return json({
      mode: s.mode,
      voice: s.voice,
      drift: s.drift,
      state: { ...s.state, requests: s.state.requests.length },
    });
  if (method === 'POST' && path === '/__fake/mode') {
    const m = b.mode as FakeMode | undefined;
    if (!m || !FAKE_MODES.includes(m))
      return json({ error: `mode must be one of ${FAKE_MODES.join(', ')}` }, 400);
    s.setMode(m, { delayMs: typeof b.delay_ms === 'number' ? b.delay_ms : undefined });
    return json({ mode: s.mode });
  }
  if (method === 'POST' && path === '/__fake/voice') {
    if (!isVoice(b.voice))
      return json({ error: `voice must be one of ${ALL_FAKE_VOICES.join(', ')}` }, 400);
    s.setVoice(b.voice);
    return json({ voice: s.voice });
  }
  if (method === 'POST' && path === '/__fake/drift') {
    if (!isDrift(b.drift))
      return json({ error: `drift must be one of ${FAKE_DRIFTS.join(', ')}` }, 400);
    s.drift = b.drift;
    return json({ drift: s.drift });
  }
  if (method === 'POST' && path === '/__fake/reset') {
    s.reset();
    return json({ mode: s.mode, voice: s.voice, drift: s.drift });
  }
  try {
    if (method === 'POST' && path === '/__fake/accept') {
      s.relationships.accept(String(b.profile ?? ''), typeof b.at === 'number' ? b.at : undefined);
      return json({ accepted: b.profile });
    }
    if (method === 'POST' && path === '/__fake/reply') {
      if (typeof b.text !== 'string' || !b.text) return json({ error: 'text is required' }, 400);
      return json({
        conversation_urn: s.reply(
          String(b.profile ?? ''),
          b.text,
          typeof b.at === 'number' ? b.at : undefined,
        ),
      });
    }
  } catch (err) {
    return json({ error: (err as Error).message }, 404);
  }
  return json({ error: 'unknown control call' }, 404);
}

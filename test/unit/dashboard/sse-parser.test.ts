import { describe, expect, test } from 'vitest';
import { SseParser } from '../../../src/dashboard/sse-parser.js';

describe('SseParser (the dashboard reads GET /api-events through fetch)', () => {
  test('events as the service writes them: ready with retry, keep-alive comments, change', () => {
    const p = new SseParser();
    const stream =
      'event: ready\ndata: {"kinds":["tasks","posts","watchlists","members"],"keep_alive_s":15}\nretry: 2000\n\n' +
      ': keep-alive\n\n' +
      'event: change\ndata: {"kinds":["tasks"]}\n\n';
    expect(p.push(stream)).toEqual([
      {
        event: 'ready',
        data: '{"kinds":["tasks","posts","watchlists","members"],"keep_alive_s":15}',
      },
      { event: 'change', data: '{"kinds":["tasks"]}' },
    ]);
    expect(p.retryMs).toBe(2000);
  });

  test('chunks cut anywhere, CRLF and CR line ends, several data lines, an event without a name', () => {
    const p = new SseParser();
    const text =
      'event: change\r\ndata: {"kinds":\r\ndata: ["posts"]}\r\n\r\ndata: plain\r\rretry: x\n\n';
    const events = [];
    for (const ch of text) events.push(...p.push(ch));
    expect(events).toEqual([
      { event: 'change', data: '{"kinds":\n["posts"]}' },
      { event: 'message', data: 'plain' },
    ]);
    expect(p.retryMs).toBeNull();
  });

  test('an unfinished event is not given out', () => {
    const p = new SseParser();
    expect(p.push('event: change\ndata: {"kinds":["members"]}\n')).toEqual([]);
    expect(p.push('\n')).toEqual([{ event: 'change', data: '{"kinds":["members"]}' }]);
  });
});

/**
 * Server-Sent Events read from a `fetch` body (the stream of GET /api-events). EventSource would
 * parse them itself, but it cannot send the `x-api-key` header, and the key must not go in a URL
 * (logs, history). The format is the HTML standard's: lines of `field: value`, an event ends at a
 * blank line, `:` starts a comment (the service's keep-alive), `retry` sets the reconnection delay.
 */
interface SseEvent {
  event: string;
  data: string;
}

export class SseParser {
  private buffer = '';
  private event = '';
  private data: string[] = [];
  /** The last `retry:` the server asked for, in ms. */
  retryMs: number | null = null;

  /** Feeds a chunk of text; answers the events it completed. */
  push(chunk: string): SseEvent[] {
    this.buffer += chunk;
    const out: SseEvent[] = [];
    for (
      let end = this.buffer.search(/\r\n|\r|\n/);
      end >= 0;
      end = this.buffer.search(/\r\n|\r|\n/)
    ) {
      // A lone \r at the very end may be the first half of \r\n: wait for the next chunk.
      if (this.buffer[end] === '\r' && end === this.buffer.length - 1) break;
      const line = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + (this.buffer.startsWith('\r\n', end) ? 2 : 1));
      const event = this.line(line);
      if (event) out.push(event);
    }
    return out;
  }

  private line(line: string): SseEvent | null {
    if (line === '') {
      const done = this.data.length
        ? { event: this.event || 'message', data: this.data.join('\n') }
        : null;
      this.event = '';
      this.data = [];
      return done;
    }
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') this.event = value;
    else if (field === 'data') this.data.push(value);
    else if (field === 'retry' && /^\d+$/.test(value)) this.retryMs = Number(value);
    return null;
  }
}

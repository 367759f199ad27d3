/** One parsed Server-Sent Event, or a comment line (`event: 'comment'`). */
export interface ServerSentEvent {
  event: string;
  data: string;
  retry?: number;
}

/**
 * Reads a `text/event-stream` response as a browser would (WHATWG parsing: fields, blank-line
 * dispatch, comments kept here so keep-alives can be asserted). `next()` waits for the next event.
 */
export class SseReader {
  private buffer = '';
  private readonly queue: ServerSentEvent[] = [];
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly decoder = new TextDecoder();
  /** A read outlives a timed-out wait: the next wait takes it up, so no chunk is lost. */
  private reading: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;
  ended = false;

  constructor(res: Response) {
    if (!res.body) throw new Error('no body');
    this.reader = res.body.getReader();
  }

  async next(timeoutMs = 5_000): Promise<ServerSentEvent> {
    const until = Date.now() + timeoutMs;
    while (this.queue.length === 0) {
      if (this.ended) throw new Error('stream ended');
      const left = until - Date.now();
      if (left <= 0) throw new Error(`no event within ${timeoutMs} ms`);
      let timer: NodeJS.Timeout | undefined;
      this.reading ??= this.reader.read();
      const chunk = await Promise.race([
        this.reading,
        new Promise<'timeout'>((r) => (timer = setTimeout(() => r('timeout'), left))),
      ]);
      clearTimeout(timer);
      if (chunk === 'timeout') continue;
      this.reading = null;
      if (chunk.done) {
        this.ended = true;
        continue;
      }
      this.buffer += this.decoder.decode(chunk.value, { stream: true });
      this.parse();
    }
    return this.queue.shift()!;
  }

  /** Events until none arrives for `quietMs`, or the stream ends. */
  async drain(quietMs = 600): Promise<ServerSentEvent[]> {
    const out: ServerSentEvent[] = [];
    for (;;) {
      try {
        out.push(await this.next(quietMs));
      } catch (err) {
        if (this.ended || (err as Error).message.startsWith('no event')) return out;
        throw err;
      }
    }
  }

  async close(): Promise<void> {
    await this.reader.cancel().catch(() => undefined);
  }

  private parse() {
    for (
      let end = this.buffer.search(/\r?\n\r?\n/);
      end >= 0;
      end = this.buffer.search(/\r?\n\r?\n/)
    ) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end).replace(/^\r?\n\r?\n/, '');
      const ev: ServerSentEvent = { event: 'message', data: '' };
      const data: string[] = [];
      let comment = true;
      for (const line of block.split(/\r?\n/)) {
        if (line.startsWith(':')) continue;
        comment = false;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') ev.event = value;
        else if (field === 'data') data.push(value);
        else if (field === 'retry') ev.retry = Number(value);
      }
      if (comment) this.queue.push({ event: 'comment', data: block.replace(/^:\s?/, '') });
      else this.queue.push({ ...ev, data: data.join('\n') });
    }
  }
}

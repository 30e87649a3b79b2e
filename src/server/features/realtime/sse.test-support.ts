/** One server-sent event as a client sees it (comments such as keep-alives are not events). */
export interface SseMessage {
  id?: string;
  event?: string;
  data?: string;
  retry?: string;
}

/** A test client reading an SSE response: events are queued as they arrive and taken with `next`. */
export class SseReader {
  readonly messages: SseMessage[] = [];
  /** Like a browser's: set by every `id:` line, even in a block without data (not an event then). */
  lastEventId = '';
  ended = false;
  private readonly reader: ReadableStreamDefaultReader<string>;
  private wake: (() => void) | null = null;
  private taken = 0;

  constructor(readonly response: Response) {
    this.reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    void this.pump();
  }

  private async pump(): Promise<void> {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await this.reader.read();
        if (done) break;
        buffer += value;
        let end = buffer.indexOf('\n\n');
        while (end !== -1) {
          const message = parseBlock(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          if (message?.id !== undefined) this.lastEventId = message.id;
          // As in a browser, a block without data dispatches nothing.
          if (message?.data !== undefined) this.messages.push(message);
          end = buffer.indexOf('\n\n');
        }
        this.wake?.();
      }
    } catch {
      // Cancelled by close().
    }
    this.ended = true;
    this.wake?.();
  }

  private async waitForChange(deadline: number): Promise<boolean> {
    const remaining = deadline - Date.now();
    if (remaining <= 0) return false;
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        this.wake = null;
        resolve(false);
      }, remaining);
      this.wake = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve(true);
      };
    });
  }

  /** The next message not yet taken; fails after `timeoutMs` or when the stream ends first. */
  async next(timeoutMs = 10_000): Promise<SseMessage> {
    const deadline = Date.now() + timeoutMs;
    while (this.taken >= this.messages.length) {
      if (this.ended) throw new Error('the stream ended');
      if (!(await this.waitForChange(deadline))) throw new Error(`no event within ${timeoutMs} ms`);
    }
    return this.messages[this.taken++]!;
  }

  /** Resolves when the server ends the stream; fails after `timeoutMs`. */
  async waitForEnd(timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.ended) {
      if (!(await this.waitForChange(deadline))) throw new Error(`the stream was still open after ${timeoutMs} ms`);
    }
  }

  /** The messages not yet taken after waiting `ms` (a check that nothing else arrives). */
  async rest(ms: number): Promise<SseMessage[]> {
    await new Promise((resolve) => setTimeout(resolve, ms));
    const rest = this.messages.slice(this.taken);
    this.taken = this.messages.length;
    return rest;
  }

  async close(): Promise<void> {
    await this.reader.cancel().catch(() => {});
  }
}

function parseBlock(block: string): SseMessage | null {
  const message: SseMessage = {};
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id' || field === 'event' || field === 'retry') message[field] = value;
    if (field === 'data') message.data = message.data === undefined ? value : `${message.data}\n${value}`;
  }
  return Object.keys(message).length > 0 ? message : null;
}

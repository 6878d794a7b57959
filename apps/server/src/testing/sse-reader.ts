/** Test helper: reads Server-Sent Events from a streaming Response. */
export interface SseEvent {
  event: string;
  data: string;
}

export class SseReader {
  private reader: ReadableStreamDefaultReader<Uint8Array>;
  private buffer = "";
  private decoder = new TextDecoder();
  readonly events: SseEvent[] = [];

  constructor(response: Response) {
    if (!response.body) throw new Error("response has no body");
    this.reader = response.body.getReader();
  }

  /** Waits for the first event (seen or upcoming) that matches, or fails after timeoutMs. */
  async waitFor(match: (event: SseEvent) => boolean, timeoutMs = 3000): Promise<SseEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.find(match);
      if (found) return found;
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new Error(`no matching event within ${timeoutMs} ms; saw ${JSON.stringify(this.events)}`);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const chunk = await Promise.race([
        this.reader.read(),
        new Promise<null>((resolve) => {
          timer = setTimeout(() => resolve(null), remaining);
        }),
      ]);
      clearTimeout(timer);
      if (chunk === null) continue;
      if (chunk.done) throw new Error("stream ended");
      this.buffer += this.decoder.decode(chunk.value, { stream: true });
      this.parse();
    }
  }

  private parse() {
    let end = this.buffer.indexOf("\n\n");
    while (end >= 0) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      let event = "message";
      const data: string[] = [];
      for (const line of block.split("\n")) {
        if (line.startsWith("event:")) event = line.slice(6).trim();
        else if (line.startsWith("data:")) data.push(line.slice(5).trimStart());
      }
      this.events.push({ event, data: data.join("\n") });
      end = this.buffer.indexOf("\n\n");
    }
  }

  async close() {
    // swallowed: a stream the server already closed has nothing left to cancel.
    await this.reader.cancel().catch(() => {});
  }
}

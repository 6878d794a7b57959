import { type Agent, request } from "node:http";

/** What came of sending a body in pieces: the answer, and how the connection failed if it did. */
export interface Delivery {
  status: number;
  body: string;
  /** How the connection failed (ECONNRESET, EPIPE, or that it closed before the body was sent or the answer read), if it did. */
  error?: string;
  /** Body bytes handed to the socket when the answer arrived. */
  sentWhenAnswered: number;
}

const PIECE = 64 * 1024;

/**
 * Sends `body` over a real socket in 64 KB pieces with `pauseMs` between them, as over a real link
 * (on loopback the kernel would take megabytes before an answer could be seen), and settles when
 * the request closes: the whole body written and the answer read, or the connection lost.
 */
export function sendInPieces(url: string, init: { method: string; headers: Record<string, string>; body: Buffer; pauseMs: number; agent?: Agent }): Promise<Delivery> {
  return new Promise((resolve) => {
    const delivery: Delivery = { status: 0, body: "", error: undefined, sentWhenAnswered: -1 };
    let sent = 0;
    let bodySent = false;
    let answerRead = false;
    const outgoing = request(url, { method: init.method, agent: init.agent, headers: { ...init.headers, "content-length": String(init.body.length) } }, (response) => {
      delivery.status = response.statusCode ?? 0;
      delivery.sentWhenAnswered = sent;
      response.setEncoding("utf8");
      response.on("data", (text: string) => (delivery.body += text));
      response.on("end", () => (answerRead = true));
    });
    outgoing.on("error", (error: NodeJS.ErrnoException) => (delivery.error ??= error.code ?? error.message));
    outgoing.on("close", () => {
      if (!bodySent) delivery.error ??= "the connection closed before the whole body was sent";
      if (!answerRead) delivery.error ??= "the connection closed before the answer was read";
      resolve(delivery);
    });
    const writeNext = () => {
      if (outgoing.destroyed) return;
      if (sent >= init.body.length) {
        outgoing.end(() => (bodySent = true));
        return;
      }
      const piece = init.body.subarray(sent, sent + PIECE);
      sent += piece.length;
      outgoing.write(piece, () => setTimeout(writeNext, init.pauseMs));
    };
    writeNext();
  });
}

/** A multipart form with one "image" of `size` bytes in all, as a browser sends it. */
export function imageForm(size: number): { body: Buffer; type: string } {
  const boundary = "----reelmart-test-boundary";
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = Buffer.alloc(size);
  head.copy(body);
  tail.copy(body, size - tail.length);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

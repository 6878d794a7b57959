import { EventEmitter } from "node:events";
import type { PGlite } from "@electric-sql/pglite";
import { serialize } from "pg-protocol";
import type { BackendMessage, NotificationResponseMessage } from "pg-protocol/dist/messages.js";
import { Parser } from "pg-protocol/dist/parser.js";

// Decision 199: pg speaks to PGlite, on this thread, in PostgreSQL's wire protocol, through the
// classes here rather than PGlite's node-postgres shim. The shim hands PGlite each message of a
// statement (Parse, Bind, Describe, Execute, Sync) as a call of its own, and has PGlite parse every
// answer into message objects with its own parser, which copies each field out a byte at a time:
// 58% of the CPU of reading a 40-line cart. Here the messages pg sends in one turn of the microtask
// queue go to PGlite as one exchange, and the answer is parsed by pg's own parser, as pg parses a
// socket.

const READY_FOR_QUERY = 0x5a; // 'Z'
const IDLE = 0x49; // 'I'

/**
 * PGlite's one session, shared by the connections the pool opens to it one after another: the
 * order of exchanges, the statements prepared in it (decision 174: pg records them on its
 * connection) and whether it is inside a transaction.
 */
export class PgliteSession {
  readonly #pglite: PGlite;
  readonly onNotification: (message: NotificationResponseMessage) => void;
  readonly parsedStatements: Record<string, string> = {};
  readonly submittedNamedStatements: Record<string, string> = {};
  #lastExchange: Promise<unknown> = Promise.resolve();
  /** The transaction status byte of the last ReadyForQuery PGlite sent: idle, in a transaction, or in a failed one. */
  #transactionStatus = IDLE;

  constructor(pglite: PGlite, onNotification: (message: NotificationResponseMessage) => void) {
    this.#pglite = pglite;
    this.onNotification = onNotification;
  }

  /** The protocol bytes PGlite writes back after reading `request`, exchanges taken in the order asked. */
  exchange(request: Buffer): Promise<Buffer> {
    const answer = this.#lastExchange.then(() => this.#exchangeNow(request));
    // swallowed: the caller gets this failure through `answer`; the chain only orders the next exchange after it.
    this.#lastExchange = answer.catch(() => {});
    return answer;
  }

  /**
   * Ends a transaction a connection left open, as PostgreSQL does for a client that disconnects
   * (the pool ends a client released with an error): taken in turn, so before anything a later
   * connection sends.
   */
  forgetOpenTransaction(): void {
    this.#lastExchange = this.#lastExchange.then(async () => {
      // swallowed: a ROLLBACK fails only once PGlite is closed (#exchangeNow), when no later exchange can run in the transaction.
      if (this.#transactionStatus !== IDLE) await this.#exchangeNow(serialize.query("ROLLBACK")).catch(() => {});
    });
  }

  async #exchangeNow(request: Buffer): Promise<Buffer> {
    // Past close PGlite fails on its freed module, with a message that names neither.
    if (this.#pglite.closed) throw new Error("The embedded database is closed");
    const chunks: Buffer[] = [];
    await this.#pglite.execProtocolRawStream(request, {
      // A view into PGlite's WebAssembly memory, reused by its next write: copied out.
      onRawData: (chunk) => void chunks.push(Buffer.from(chunk)),
    });
    const answer = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
    this.#noteTransactionStatus(answer);
    return answer;
  }

  /** Walks the answer's message headers (a type byte and a length each) for its last ReadyForQuery. */
  #noteTransactionStatus(answer: Buffer): void {
    for (let offset = 0; offset + 5 <= answer.length; offset += 1 + answer.readUInt32BE(offset + 1)) {
      if (answer[offset] === READY_FOR_QUERY && offset + 5 < answer.length) this.#transactionStatus = answer[offset + 5]!;
    }
  }
}

/**
 * What pg's Client needs of its connection (the part of pg's own Connection it calls), one per
 * client, speaking to the PgliteSession. Notifications go to the session's `onNotification` rather
 * than to whichever client's statement brought them in.
 */
export class PgliteConnection extends EventEmitter {
  readonly #session: PgliteSession;
  readonly #parser = new Parser();
  #outgoing: Buffer[] = [];
  #answered: Promise<void> = Promise.resolve();

  // Read by pg's Client: it skips connection.end() unless connecting started, destroys the stream
  // when a query is still active, and records prepared statements on its connection.
  _connecting = false;
  readonly stream = { destroy: () => this.end() };
  readonly parsedStatements: Record<string, string>;
  readonly submittedNamedStatements: Record<string, string>;

  constructor(session: PgliteSession) {
    super();
    this.#session = session;
    this.parsedStatements = session.parsedStatements;
    this.submittedNamedStatements = session.submittedNamedStatements;
  }

  #send(bytes: Buffer): void {
    this.#outgoing.push(bytes);
    if (this.#outgoing.length === 1) queueMicrotask(() => this.#flush());
  }

  #flush(): void {
    const answer = this.#session.exchange(this.#outgoing.length === 1 ? this.#outgoing[0]! : Buffer.concat(this.#outgoing));
    this.#outgoing = [];
    // swallowed: awaited in turn below; marked handled now, so a failure before its turn is not reported as unhandled.
    answer.catch(() => {});
    // Answers are handled in the order they were asked for, as a socket delivers them.
    this.#answered = this.#answered.then(async () => {
      try {
        this.#parser.parse(await answer, (message) => this.#receive(message));
      } catch (error) {
        this.#failed(error as Error);
      }
    });
  }

  /** As a socket's error: pg fails the client's queries with it, then re-emits it on the client. */
  #failed(error: Error): void {
    try {
      this.emit("error", error);
    } catch {
      // swallowed: the client had no "error" listener (the pool listens only to idle clients): its queries have
      // already been failed with this error, which is how it reaches whoever asked.
    }
  }

  #receive(message: BackendMessage): void {
    if (message.name === "notification") {
      const notification = message as NotificationResponseMessage;
      // As PGlite delivered them: after the code that is running has finished.
      queueMicrotask(() => this.#session.onNotification(notification));
      return;
    }
    // pg's Connection emits an ErrorResponse as "errorMessage" ("error" is the stream's failure).
    this.emit(message.name === "error" ? "errorMessage" : message.name, message);
  }

  connect(): void {
    this._connecting = true;
    // PGlite has no startup exchange or authentication: the session is ready.
    process.nextTick(() => this.emit("readyForQuery"));
  }

  end(): void {
    // Like a socket closing: pg waits for "end" after what was already sent has been answered.
    this.#session.forgetOpenTransaction();
    this.#answered = this.#answered.then(() => {
      this.emit("end");
    });
  }

  query(text: string): void {
    this.#send(serialize.query(text));
  }
  parse(query: Parameters<typeof serialize.parse>[0]): void {
    this.#send(serialize.parse(query));
  }
  bind(config: Parameters<typeof serialize.bind>[0]): void {
    this.#send(serialize.bind(config));
  }
  execute(config: Parameters<typeof serialize.execute>[0]): void {
    this.#send(serialize.execute(config));
  }
  describe(message: Parameters<typeof serialize.describe>[0]): void {
    this.#send(serialize.describe(message));
  }
  close(message: Parameters<typeof serialize.close>[0]): void {
    this.#send(serialize.close(message));
  }
  flush(): void {
    this.#send(serialize.flush());
  }
  sync(): void {
    this.#send(serialize.sync());
  }
  sendCopyFromChunk(chunk: Buffer): void {
    this.#send(serialize.copyData(chunk));
  }
  endCopyFrom(): void {
    this.#send(serialize.copyDone());
  }
  sendCopyFail(message: string): void {
    this.#send(serialize.copyFail(message));
  }

  // A socket's calls that have nothing to do here: no TLS, startup, password or cancel request.
  requestSsl(): void {}
  startup(): void {}
  password(): void {}
  cancel(): void {}
  ref(): void {}
  unref(): void {}
}

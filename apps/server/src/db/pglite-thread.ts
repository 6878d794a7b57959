import { EventEmitter } from "node:events";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { serialize } from "pg-protocol";
import type { BackendMessage, NotificationResponseMessage } from "pg-protocol/dist/messages.js";
import { Parser } from "pg-protocol/dist/parser.js";

// Decision 178: PGlite runs on a worker thread of its own (pglite-worker.js), and the server's
// thread talks to it in PostgreSQL's wire protocol, as pg talks to a PostgreSQL server over a
// socket. Its WebAssembly (about 40% of a write's CPU) then runs beside the event loop rather than
// on it, and cached reads keep being answered while it works.

export interface PgliteThreadOptions {
  /** The cluster's directory; without it the database lives in the worker's memory (tests). */
  dataDir?: string;
  /** In memory: start from this dumpDataDir tarball instead of an empty cluster. */
  fromDump?: Blob;
  sharedBuffersMb?: number;
}

type Answer = { id: number; bytes?: Uint8Array; dump?: Blob; error?: string };

// Node's global, which this project's ES2023 lib (no DOM) types as a namespace of types only.
const wasm = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WebAssembly.Module> } }).WebAssembly;

let compiled: Promise<{ pgliteWasmModule: WebAssembly.Module; initdbWasmModule: WebAssembly.Module }> | undefined;

/**
 * PGlite's WebAssembly (postgres and initdb), compiled once per process. PGlite keeps compiled
 * modules per JavaScript realm and every worker is a realm of its own: without this each database
 * opened (the tests open one per file) would compile and optimise its own copy.
 */
function compiledPglite() {
  compiled ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
    const compile = async (file: string) => wasm.compile(await readFile(path.join(dist, file)));
    const [pgliteWasmModule, initdbWasmModule] = await Promise.all([compile("pglite.wasm"), compile("initdb.wasm")]);
    return { pgliteWasmModule, initdbWasmModule };
  })();
  return compiled;
}

/** The worker thread owning one PGlite instance, and the requests waiting for its answers. */
export class PgliteThread {
  readonly #worker: Worker;
  readonly #waiting = new Map<number, { resolve: (answer: Answer) => void; reject: (error: Error) => void }>();
  #nextId = 1;
  #failure: Error | undefined;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on("message", (answer: Answer) => {
      const waiting = this.#waiting.get(answer.id);
      if (!waiting) return;
      this.#waiting.delete(answer.id);
      if (answer.error !== undefined) waiting.reject(new Error(answer.error));
      else waiting.resolve(answer);
      // An idle worker must not keep the process alive; one with requests in flight must.
      if (this.#waiting.size === 0) worker.unref();
    });
    worker.on("error", (error) => this.#fail(error));
    worker.on("exit", (code) => this.#fail(new Error(`The embedded database's thread exited (code ${code})`)));
  }

  static async start(options: PgliteThreadOptions): Promise<PgliteThread> {
    // The bundle ships the worker beside main.js and cli.js (scripts/build.mjs); from sources it sits here.
    const worker = new Worker(new URL("./pglite-worker.js", import.meta.url), { workerData: { ...options, ...(await compiledPglite()) } });
    await new Promise<void>((resolve, reject) => {
      const onExit = (code: number) => reject(new Error(`The embedded database's thread exited (code ${code}) before it was ready`));
      worker.once("error", reject);
      worker.once("exit", onExit);
      worker.once("message", (message: { ready?: true; failed?: string }) => {
        worker.off("error", reject);
        worker.off("exit", onExit);
        if (message.ready) resolve();
        else {
          reject(new Error(message.failed));
          void worker.terminate();
        }
      });
    });
    worker.unref();
    return new PgliteThread(worker);
  }

  /**
   * The protocol bytes PGlite writes back after reading `bytes` (one or several messages) sent on
   * `connection`; `bytes` is transferred.
   */
  async exchange(connection: number, bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
    return (await this.#request({ op: "exchange", connection, bytes }, [bytes.buffer])).bytes ?? new Uint8Array(0);
  }

  /** A connection's client has gone: if it held the session (a transaction), it is rolled back. */
  ended(connection: number): void {
    void this.#request({ op: "end", connection }).catch(() => {});
  }

  /** The cluster's whole data directory as an uncompressed tarball. */
  async dumpDataDir(): Promise<Blob> {
    return (await this.#request({ op: "dump" })).dump as Blob;
  }

  async close(): Promise<void> {
    if (!this.#failure) await this.#request({ op: "close" });
    this.#fail(new Error("The embedded database is closed"));
    await this.#worker.terminate();
  }

  #request(request: { op: "exchange" | "end" | "dump" | "close"; connection?: number; bytes?: Uint8Array }, transfer: ArrayBuffer[] = []): Promise<Answer> {
    if (this.#failure) return Promise.reject(this.#failure);
    const id = this.#nextId++;
    const answer = new Promise<Answer>((resolve, reject) => this.#waiting.set(id, { resolve, reject }));
    if (this.#waiting.size === 1) this.#worker.ref();
    this.#worker.postMessage({ ...request, id }, transfer);
    return answer;
  }

  #fail(error: Error): void {
    this.#failure ??= error;
    for (const waiting of this.#waiting.values()) waiting.reject(this.#failure);
    this.#waiting.clear();
  }
}

/** The session's prepared statements, as pg records them per connection: shared by every connection to the one session. */
export interface SessionStatements {
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
}

let connections = 0;

/**
 * What pg's Client needs of its connection (the part of pg's own Connection it calls), speaking to
 * a PgliteThread: messages are serialised as pg would write them to a socket, the ones sent in one
 * turn of the event loop go to the worker as one exchange, and its answer is parsed as pg parses a
 * socket's data. The pool keeps several to the one session, so that the next statement is already
 * waiting in the worker when one finishes; the worker keeps a transaction's statements together
 * (pglite-worker.js). They share the session's prepared statements, and notifications go to
 * `onNotification` rather than to whichever client's statement brought them in.
 */
export class PgliteThreadConnection extends EventEmitter {
  readonly #id = ++connections;
  readonly #thread: PgliteThread;
  readonly #onNotification: (message: NotificationResponseMessage) => void;
  readonly #parser = new Parser();
  #outgoing: Buffer[] = [];
  #answered: Promise<void> = Promise.resolve();

  // Read by pg's Client: it skips connection.end() unless connecting started, destroys the stream
  // when a query is still active, and records prepared statements on its connection.
  _connecting = false;
  readonly stream = { destroy: () => this.end() };
  readonly parsedStatements: Record<string, string>;
  readonly submittedNamedStatements: Record<string, string>;

  constructor(thread: PgliteThread, statements: SessionStatements, onNotification: (message: NotificationResponseMessage) => void) {
    super();
    this.#thread = thread;
    this.parsedStatements = statements.parsedStatements;
    this.submittedNamedStatements = statements.submittedNamedStatements;
    this.#onNotification = onNotification;
  }

  #send(bytes: Buffer): void {
    this.#outgoing.push(bytes);
    if (this.#outgoing.length === 1) queueMicrotask(() => this.#flush());
  }

  #flush(): void {
    // A buffer of its own (Buffer.concat may take a slice of Node's shared pool), so it can be transferred.
    const bytes = new Uint8Array(this.#outgoing.reduce((length, message) => length + message.length, 0));
    let offset = 0;
    for (const message of this.#outgoing) {
      bytes.set(message, offset);
      offset += message.length;
    }
    this.#outgoing = [];
    const answer = this.#thread.exchange(this.#id, bytes);
    // Awaited in turn below; marked handled now, so a failure before its turn is not reported as unhandled.
    answer.catch(() => {});
    // Answers are handled in the order they were asked for, as a socket delivers them.
    this.#answered = this.#answered.then(async () => {
      try {
        const received = await answer;
        this.#parser.parse(Buffer.from(received.buffer, received.byteOffset, received.byteLength), (message) => this.#receive(message));
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
      // The client had no "error" listener (the pool listens only to idle clients): its queries have
      // already been failed with this error, which is how it reaches whoever asked.
    }
  }

  #receive(message: BackendMessage): void {
    if (message.name === "notification") {
      const notification = message as NotificationResponseMessage;
      // As PGlite delivers them: after the code that is running has finished.
      queueMicrotask(() => this.#onNotification(notification));
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
    // Like a socket closing: pg waits for "end", and the session forgets what this connection held.
    this.#answered = this.#answered.then(() => {
      this.#thread.ended(this.#id);
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

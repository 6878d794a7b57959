// @ts-check
// The embedded database's own thread (docs/decisions/178). It owns the PGlite instance and answers
// PostgreSQL wire-protocol bytes with the bytes PGlite writes back; the server's thread speaks the
// protocol to it through pg (pglite-thread.ts), so PGlite's WebAssembly runs beside the event loop
// that answers HTTP instead of on it.
//
// Plain JavaScript: a worker thread is started from a file, and Node 20 runs no TypeScript there
// (the server's bundle ships this file as dist/pglite-worker.js, its tests load it from src/db/).
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";

/** @type {{ dataDir?: string, fromDump?: Blob, sharedBuffersMb?: number, pgliteWasmModule: WebAssembly.Module, initdbWasmModule: WebAssembly.Module }} */
const options = workerData;
const port = /** @type {import("node:worker_threads").MessagePort} */ (parentPort);

const pglite = new PGlite({
  dataDir: options.dataDir,
  // The contrib extensions our migrations create (trigram indexes; accent folding for search).
  extensions: { pg_trgm, unaccent },
  startParams: options.sharedBuffersMb ? [...PGlite.defaultStartParams, "-c", `shared_buffers=${options.sharedBuffersMb}MB`] : PGlite.defaultStartParams,
  loadDataDir: options.fromDump,
  // Compiled once by the server's thread and shared (pglite-thread.ts).
  pgliteWasmModule: options.pgliteWasmModule,
  initdbWasmModule: options.initdbWasmModule,
});

/**
 * @typedef {{ id: number, op: "exchange", connection: number, bytes: Uint8Array }
 *   | { id: number, op: "end", connection: number }
 *   | { id: number, op: "dump" | "close" }} Request
 */

/**
 * The server's thread has several connections to this one session, so that a statement can wait
 * here, ready, while the previous one runs. Their exchanges are served one at a time in the order
 * they came, except while one connection holds the session: from an exchange that leaves it
 * inside a transaction, a COPY or an unfinished extended query (its answer's last ReadyForQuery is
 * missing or not "idle") until one of that connection's answers ends idle, only that connection's
 * exchanges are served, and the others wait their turn.
 * @type {Request[]}
 */
const waiting = [];
/** @type {number | undefined} */
let holder;
let serving = false;

pglite.waitReady.then(
  () => {
    port.postMessage({ ready: true });
    port.on("message", (/** @type {Request} */ request) => {
      waiting.push(request);
      serveNext();
    });
  },
  (error) => port.postMessage({ failed: String(error?.message ?? error) }),
);

function serveNext() {
  if (serving) return;
  const index = holder === undefined ? 0 : waiting.findIndex((request) => "connection" in request && request.connection === holder);
  if (index < 0 || waiting.length === 0) return;
  const [request] = waiting.splice(index, 1);
  serving = true;
  serve(/** @type {Request} */ (request)).finally(() => {
    serving = false;
    serveNext();
  });
}

/** @param {Request} request */
async function serve(request) {
  try {
    if (request.op === "exchange") {
      const answer = await exchange(request.bytes);
      holder = leavesSessionIdle(answer) ? undefined : request.connection;
      port.postMessage({ id: request.id, bytes: answer }, [answer.buffer]);
    } else if (request.op === "end") {
      // A connection that goes away holding the session (its client failed mid-transaction) must
      // not keep everyone else waiting: its transaction is rolled back, as PostgreSQL does when a
      // client disconnects.
      if (holder === request.connection) {
        await exchange(ROLLBACK);
        holder = undefined;
      }
      port.postMessage({ id: request.id });
    } else if (request.op === "dump") {
      port.postMessage({ id: request.id, dump: await pglite.dumpDataDir("none") });
    } else {
      await pglite.close();
      port.postMessage({ id: request.id });
    }
  } catch (error) {
    port.postMessage({ id: request.id, error: String(/** @type {Error} */ (error)?.message ?? error) });
  }
}

/** A simple-protocol Query message: ROLLBACK. */
const ROLLBACK = new Uint8Array([0x51, 0, 0, 0, 13, ...new TextEncoder().encode("ROLLBACK"), 0]);

/**
 * One exchange's answer: the protocol bytes PGlite wrote while reading `bytes`, copied out of its
 * WebAssembly memory (the chunks are views into it) into one buffer that is transferred, not copied.
 * @param {Uint8Array} bytes
 */
async function exchange(bytes) {
  /** @type {Uint8Array[]} */
  const chunks = [];
  let length = 0;
  await pglite.execProtocolRawStream(bytes, {
    onRawData(chunk) {
      chunks.push(chunk.slice());
      length += chunk.length;
    },
  });
  if (chunks.length === 1) return /** @type {Uint8Array} */ (chunks[0]);
  const answer = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    answer.set(chunk, offset);
    offset += chunk.length;
  }
  return answer;
}

const READY_FOR_QUERY = 0x5a; // 'Z'
const IDLE = 0x49; // 'I'
/** Messages the backend may send after ReadyForQuery without starting anything: notifications, notices, parameter changes. */
const ASYNCHRONOUS = new Set([0x41, 0x4e, 0x53]); // 'A', 'N', 'S'

/**
 * Whether an answer leaves the session idle: its last ReadyForQuery says so, and nothing but
 * asynchronous messages follows it.
 * @param {Uint8Array} answer
 */
function leavesSessionIdle(answer) {
  const view = new DataView(answer.buffer, answer.byteOffset, answer.byteLength);
  let idle = false;
  for (let offset = 0; offset + 5 <= answer.length; offset += 1 + view.getInt32(offset + 1)) {
    const type = answer[offset];
    if (type === READY_FOR_QUERY) idle = answer[offset + 5] === IDLE;
    else if (!ASYNCHRONOUS.has(/** @type {number} */ (type))) idle = false;
  }
  return idle;
}

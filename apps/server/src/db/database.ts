import { setImmediate as nextTurnOfTheEventLoop } from "node:timers/promises";
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { Kysely } from "kysely";
import pg from "pg";
import { PgliteConnection, PgliteSession } from "./pglite-connection.ts";
import { type ClientSource, PreparedStatements, preparingPool } from "./prepared-statements.ts";
import { ConflictRetryingDialect } from "./retry-conflicts.ts";
import type { DB } from "./schema.ts";
import type { Logger } from "../logger.ts";

// numeric and bigint come back as strings: money stays exact, counts stay within Number range.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export type NotificationHandler = (payload: string) => void;

export interface Database {
  kind: "pglite" | "postgres";
  db: Kysely<DB>;
  pool: pg.Pool;
  /** The HTTP server accepted a connection (see inTurnsWhileConnecting); only the embedded database listens. */
  connectionAccepted(): void;
  /**
   * LISTEN on a channel; resolves to an unsubscribe function. `onMissed` is called when
   * notifications on it may have been lost (the listening connection dropped; decision 221): drop
   * whatever they keep true. It is called when the loss is found, at each attempt to listen again,
   * and once listening has resumed.
   */
  listen(channel: string, handler: NotificationHandler, onMissed: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export class DataDirLockedError extends Error {}

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
  /** PGlite's shared_buffers (docs/decisions/106); PostgreSQL keeps its server's own. */
  sharedBuffersMb?: number;
  /**
   * Prepare statements the server keeps sending (docs/decisions/174); off only for a connection
   * pooler in transaction mode that cannot keep them (PgBouncer before 1.21).
   */
  prepareStatements?: boolean;
  /** In-memory PGlite, for tests. */
  inMemory?: boolean;
  /** With inMemory: start from this dumpPgliteDataDir tarball instead of an empty cluster (tests' migrated template). */
  fromDump?: Blob;
  /** Where the loss and return of PostgreSQL's notifications are told (the embedded database's never drop). */
  logger?: DatabaseLogger;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize ?? 10, options.prepareStatements ?? true, options.logger ?? silentLogger)
    : openPglite(options);
}

function kyselyOn(pool: ClientSource, prepareStatements: boolean): Kysely<DB> {
  return new Kysely<DB>({ dialect: new ConflictRetryingDialect({ pool: prepareStatements ? preparingPool(pool, new PreparedStatements()) : pool }) });
}

/**
 * How long a request waits for a connection (a new one, or a free one of the pool) before it is
 * answered 503: long enough for a burst to be served, short enough that a database that is away, or
 * an address that no longer answers after a failover, never holds a request for more than seconds.
 */
const CONNECT_TIMEOUT_MS = 5000;

async function openPostgres(connectionString: string, poolSize: number, prepareStatements: boolean, logger: DatabaseLogger): Promise<Database> {
  // JIT off: compiling a plan costs 50-700 ms, more than any query of ours runs, and PostgreSQL
  // starts it from cost estimates alone (a set-returning function's default estimate of 1,000 rows
  // was enough to JIT every search-index trigger, decision 140).
  const pool = new pg.Pool({ connectionString, max: poolSize, options: "-c jit=off", connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true });
  pool.on("error", () => {
    // An idle client lost its connection; the pool replaces it on the next checkout.
  });
  pool.on("connect", (client) => {
    // A checked-out client whose connection drops (a restart sends 57P01 to every session) emits
    // 'error', and node ends the process on an 'error' nobody hears (decision 221). The query in
    // flight, or the next one, fails with the cause and is answered 503; the pool drops the client
    // on release, as it is no longer queryable.
    client.on("error", () => {});
  });
  await pool.query("select 1");
  const db = kyselyOn(pool, prepareStatements);
  const channels = new Channels();
  const notifications = new NotificationConnection(connectionString, channels, logger);
  channels.run = (statement) => notifications.run(statement);

  return {
    kind: "postgres",
    db,
    pool,
    connectionAccepted() {},
    listen: (channel, handler, onMissed) => channels.listen(channel, handler, onMissed),
    async close() {
      await notifications.close();
      await db.destroy();
    },
  };
}

/** Where the listening connection tells of losing and regaining notifications (the server's logger). */
export type DatabaseLogger = Pick<Logger, "warn" | "info">;

const silentLogger: DatabaseLogger = { warn() {}, info() {} };

/** The first wait before listening again after the connection dropped; it doubles up to the longest. */
const RELISTEN_FIRST_DELAY_MS = 100;
/**
 * The longest wait between attempts to listen again. Every attempt tells each listener that
 * notifications were missed, so while the database answers queries but not the listening
 * connection, nothing held is older than this.
 */
const RELISTEN_LONGEST_DELAY_MS = 2000;

/**
 * The one connection notifications arrive on, which the pool never hands out (decision 221). When
 * it drops (a restart, a failover, a cut network, pg_terminate_backend), every channel's listeners
 * hear that notifications were missed, at once and at each attempt to listen again, and once more
 * when listening resumes: whatever committed meanwhile reached no one, so each in-memory store drops
 * what the notifications kept true and fills again from the database.
 */
class NotificationConnection {
  #connecting: Promise<pg.Client> | undefined;
  #current: pg.Client | undefined;
  #retry: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(
    private readonly connectionString: string,
    private readonly channels: Channels,
    private readonly logger: DatabaseLogger,
  ) {}

  async run(statement: string): Promise<void> {
    await (await this.#connected()).query(statement);
  }

  /** The open connection; one that failed to open is not kept, so the next call tries again. */
  #connected(): Promise<pg.Client> {
    this.#connecting ??= this.#open().catch((error: unknown) => {
      this.#connecting = undefined;
      throw error;
    });
    return this.#connecting;
  }

  async #open(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.connectionString, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true });
    client.on("notification", (message) => this.channels.deliver(message.channel, message.payload ?? ""));
    client.on("error", (error) => this.#lost(client, error));
    client.on("end", () => this.#lost(client, new Error("the connection ended")));
    await client.connect();
    this.#current = client;
    return client;
  }

  #lost(client: pg.Client, error: Error): void {
    if (this.#closed || this.#current !== client) return;
    this.#current = undefined;
    this.#connecting = undefined;
    // swallowed: the connection is already broken; ending it only frees its socket.
    client.end().catch(() => {});
    this.logger.warn({ err: error.message }, "database notifications lost; held answers are dropped until they resume");
    this.channels.missed();
    this.#listenAgain(0);
  }

  #listenAgain(attempt: number): void {
    if (this.#closed) return;
    const delay = Math.min(RELISTEN_FIRST_DELAY_MS * 2 ** attempt, RELISTEN_LONGEST_DELAY_MS);
    this.#retry = setTimeout(() => {
      void this.#relisten().then(
        () => {
          this.logger.info({ attempts: attempt + 1 }, "database notifications resumed");
          this.channels.missed();
        },
        (error: unknown) => {
          if (this.#closed) return;
          this.channels.missed();
          if (attempt === 0) this.logger.warn({ err: (error as Error).message }, "cannot listen for database notifications yet; trying again");
          this.#listenAgain(attempt + 1);
        },
      );
    }, delay);
  }

  async #relisten(): Promise<void> {
    const client = await this.#connected();
    for (const channel of this.channels.names()) await client.query(`LISTEN ${quoteIdent(channel)}`);
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retry);
    // swallowed: a listener that never opened already failed the listen() that asked for it; the pool closes either way.
    await this.#connecting?.then((client) => client.end()).catch(() => {});
  }
}

/** The contrib extensions our migrations create (trigram indexes; accent folding for search). */
const PGLITE_EXTENSIONS = { pg_trgm, unaccent };

async function openPglite(options: OpenDatabaseOptions): Promise<Database> {
  let releaseLock = () => {};
  let pglite: PGlite;
  const settings = {
    extensions: PGLITE_EXTENSIONS,
    startParams: options.sharedBuffersMb ? [...PGlite.defaultStartParams, "-c", `shared_buffers=${options.sharedBuffersMb}MB`] : PGlite.defaultStartParams,
  };
  if (options.inMemory) {
    pglite = new PGlite({ ...settings, loadDataDir: options.fromDump });
  } else {
    mkdirSync(options.dataDir, { recursive: true });
    releaseLock = acquireDataDirLock(options.dataDir);
    pglite = new PGlite(path.join(options.dataDir, "pglite"), settings);
  }
  await pglite.waitReady;
  const channels = new Channels();
  channels.run = async (statement) => {
    await pool.query(statement);
  };
  // PGlite is one session, so the pool keeps one client, each client speaking to it through a
  // connection of its own (decision 199).
  const session = new PgliteSession(pglite, ({ channel, payload }) => channels.deliver(channel, payload));
  class PgliteClient extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      super({ ...config, connection: new PgliteConnection(session) } as pg.ClientConfig);
    }
  }
  const pool = new pg.Pool({ Client: PgliteClient, max: 1 });
  const turns = inTurnsWhileConnecting(pool);
  const db = kyselyOn(turns.pool, options.prepareStatements ?? true);
  const database: Database = {
    kind: "pglite",
    db,
    pool,
    connectionAccepted: turns.connectionAccepted,
    listen: (channel, handler, onMissed) => channels.listen(channel, handler, onMissed),
    async close() {
      await db.destroy();
      await pglite.close();
      releaseLock();
    },
  };
  pgliteOf.set(database, pglite);
  return database;
}

const pgliteOf = new WeakMap<Database, PGlite>();

/**
 * How long after the HTTP server accepted a connection more are taken to be arriving. Longer than a
 * turn of the event loop while queries take theirs (a few ms); short enough that a backlog drains
 * in one go again soon after a burst (20 ms against 5 and 60 in the writes bench, decision 198).
 */
const ARRIVING_FOR_MS = 20;

/**
 * PGlite's one connection, handed to each query after a turn of the event loop while connections
 * are arriving (decision 198). Since libuv 1.45 a listening socket accepts one connection per turn,
 * and PGlite answers inside the promise chain that asked, so a backlog of queries drains within one
 * turn: under the writes bench the last of 50 new connections was accepted after 1.4–1.9 s. A turn
 * per query lets the loop accept the next; once none has come for ARRIVING_FOR_MS, the backlog
 * drains in one go again, which keeps a request of several queries from waiting for the queue once
 * per query (decision 196).
 */
function inTurnsWhileConnecting(pool: pg.Pool): { pool: ClientSource; connectionAccepted(): void } {
  let lastAcceptedAt = Number.NEGATIVE_INFINITY;
  return {
    pool: {
      async connect() {
        const client = await pool.connect();
        if (performance.now() - lastAcceptedAt < ARRIVING_FOR_MS) await nextTurnOfTheEventLoop();
        return client;
      },
      end: () => pool.end(),
    },
    connectionAccepted() {
      lastAcceptedAt = performance.now();
    },
  };
}

/**
 * An embedded database's whole data directory as an uncompressed tarball, for `fromDump`: the
 * tests migrate one database per run and start each file's from it (starting from a dump skips
 * PGlite's initdb, most of a fresh in-memory database's 1.5-3 s).
 */
export function dumpPgliteDataDir(database: Database): Promise<Blob> {
  const pglite = pgliteOf.get(database);
  if (!pglite) throw new Error("dumpPgliteDataDir needs an embedded (PGlite) database");
  return pglite.dumpDataDir("none") as Promise<Blob>;
}

/** A channel's listener: what it does with each notification, and what it does when some may have been missed. */
interface Listener {
  handler: NotificationHandler;
  onMissed: () => void;
}

/** The listeners on each channel; `run` sends LISTEN and UNLISTEN to the session notifications arrive on. */
class Channels {
  readonly #listeners = new Map<string, Set<Listener>>();
  run: (statement: string) => Promise<void> = () => Promise.reject(new Error("no session to listen on"));

  async listen(channel: string, handler: NotificationHandler, onMissed: () => void): Promise<() => Promise<void>> {
    let set = this.#listeners.get(channel);
    if (!set) {
      set = new Set();
      this.#listeners.set(channel, set);
      try {
        await this.run(`LISTEN ${quoteIdent(channel)}`);
      } catch (error) {
        if (set.size === 0) this.#listeners.delete(channel);
        throw error;
      }
    }
    const listener = { handler, onMissed };
    set.add(listener);
    return async () => {
      set.delete(listener);
      if (set.size === 0 && this.#listeners.get(channel) === set) {
        this.#listeners.delete(channel);
        // swallowed: the channel has no listener left, so what it still delivers reaches no one; a broken listener fails the next listen().
        await this.run(`UNLISTEN ${quoteIdent(channel)}`).catch(() => {});
      }
    };
  }

  deliver(channel: string, payload: string): void {
    for (const listener of this.#listeners.get(channel) ?? []) listener.handler(payload);
  }

  /** Tells every listener that notifications may have been lost. */
  missed(): void {
    for (const set of this.#listeners.values()) for (const listener of set) listener.onMissed();
  }

  /** The channels listened on, for listening again on a new session. */
  names(): string[] {
    return [...this.#listeners.keys()];
  }
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * PGlite is single-process: two processes on one directory lose writes (DESIGN.md, traps).
 * The lock file holds the owner's pid; a lock left by a dead process is taken over.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const lockFile = path.join(dataDir, "pglite.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        rmSync(lockFile, { force: true });
      };
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number(readFileSync(lockFile, "utf8"));
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is in use by another Reelmart process (pid ${owner}). ` +
            `Stop that process, or start this one with a different DATA_DIR (or DATABASE_URL for a shared PostgreSQL).`,
        );
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";
import { Kysely } from "kysely";
import pg from "pg";
import { PreparedStatements, preparingPool } from "./prepared-statements.ts";
import { ConflictRetryingDialect } from "./retry-conflicts.ts";
import { PgliteThread, PgliteThreadConnection, type SessionStatements } from "./pglite-thread.ts";
import type { DB } from "./schema.ts";

// numeric and bigint come back as strings: money stays exact, counts stay within Number range.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export type NotificationHandler = (payload: string) => void;

export interface Database {
  kind: "pglite" | "postgres";
  db: Kysely<DB>;
  pool: pg.Pool;
  /** LISTEN on a channel; resolves to an unsubscribe function. */
  listen(channel: string, handler: NotificationHandler): Promise<() => Promise<void>>;
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
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.poolSize ?? 10, options.prepareStatements ?? true) : openPglite(options);
}

function kyselyOn(pool: pg.Pool, prepareStatements: boolean): Kysely<DB> {
  return new Kysely<DB>({ dialect: new ConflictRetryingDialect({ pool: prepareStatements ? preparingPool(pool, new PreparedStatements()) : pool }) });
}

async function openPostgres(connectionString: string, poolSize: number, prepareStatements: boolean): Promise<Database> {
  // JIT off: compiling a plan costs 50-700 ms, more than any query of ours runs, and PostgreSQL
  // starts it from cost estimates alone (a set-returning function's default estimate of 1,000 rows
  // was enough to JIT every search-index trigger, decision 140).
  const pool = new pg.Pool({ connectionString, max: poolSize, options: "-c jit=off" });
  pool.on("error", () => {
    // An idle client lost its connection; the pool replaces it on the next checkout.
  });
  await pool.query("select 1");
  const db = kyselyOn(pool, prepareStatements);
  // Notifications arrive on a connection of their own, opened by the first LISTEN.
  let listener: Promise<pg.Client> | undefined;
  const connectListener = async () => {
    const client = new pg.Client({ connectionString });
    await client.connect();
    client.on("notification", (message) => channels.deliver(message.channel, message.payload ?? ""));
    return client;
  };
  const channels = new Channels(async (statement) => {
    listener ??= connectListener().catch((error: unknown) => {
      listener = undefined; // the next LISTEN tries again
      throw error;
    });
    await (await listener).query(statement);
  });

  return {
    kind: "postgres",
    db,
    pool,
    listen: (channel, handler) => channels.listen(channel, handler),
    async close() {
      await listener?.then((client) => client.end()).catch(() => {});
      await db.destroy();
    },
  };
}

/** Connections the server keeps to PGlite's one session: one running, the others' statements waiting in the worker. */
const PGLITE_CONNECTIONS = 4;

async function openPglite(options: OpenDatabaseOptions): Promise<Database> {
  let releaseLock = () => {};
  if (!options.inMemory) {
    mkdirSync(options.dataDir, { recursive: true });
    releaseLock = acquireDataDirLock(options.dataDir);
  }
  let thread: PgliteThread;
  try {
    thread = await PgliteThread.start({
      dataDir: options.inMemory ? undefined : path.join(options.dataDir, "pglite"),
      fromDump: options.inMemory ? options.fromDump : undefined,
      sharedBuffersMb: options.sharedBuffersMb,
    });
  } catch (error) {
    releaseLock();
    throw error;
  }
  const channels = new Channels(async (statement) => {
    await pool.query(statement);
  });
  const statements: SessionStatements = { parsedStatements: {}, submittedNamedStatements: {} };
  const onNotification = ({ channel, payload }: { channel: string; payload: string }) => channels.deliver(channel, payload);
  // A few connections to the one session, so that the next statement waits in the worker, ready,
  // while one runs (decision 178); kept while idle, as a socket would be.
  class PgliteClient extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      super({ ...config, connection: new PgliteThreadConnection(thread, statements, onNotification) } as pg.ClientConfig);
    }
  }
  const pool = new pg.Pool({ Client: PgliteClient, max: PGLITE_CONNECTIONS, idleTimeoutMillis: 0 });
  const db = kyselyOn(pool, options.prepareStatements ?? true);
  const database: Database = {
    kind: "pglite",
    db,
    pool,
    listen: (channel, handler) => channels.listen(channel, handler),
    async close() {
      await db.destroy();
      await thread.close();
      releaseLock();
    },
  };
  threadOf.set(database, thread);
  return database;
}

const threadOf = new WeakMap<Database, PgliteThread>();

/**
 * An embedded database's whole data directory as an uncompressed tarball, for `fromDump`: the
 * tests migrate one database per run and start each file's from it (starting from a dump skips
 * PGlite's initdb, most of a fresh in-memory database's 1.5-3 s).
 */
export function dumpPgliteDataDir(database: Database): Promise<Blob> {
  const thread = threadOf.get(database);
  if (!thread) throw new Error("dumpPgliteDataDir needs an embedded (PGlite) database");
  return thread.dumpDataDir();
}

/** The handlers listening on each channel; `run` sends LISTEN and UNLISTEN to the session notifications arrive on. */
class Channels {
  readonly #handlers = new Map<string, Set<NotificationHandler>>();

  constructor(private readonly run: (statement: string) => Promise<void>) {}

  async listen(channel: string, handler: NotificationHandler): Promise<() => Promise<void>> {
    let set = this.#handlers.get(channel);
    if (!set) {
      set = new Set();
      this.#handlers.set(channel, set);
      await this.run(`LISTEN ${quoteIdent(channel)}`);
    }
    set.add(handler);
    return async () => {
      set.delete(handler);
      if (set.size === 0 && this.#handlers.get(channel) === set) {
        this.#handlers.delete(channel);
        await this.run(`UNLISTEN ${quoteIdent(channel)}`).catch(() => {});
      }
    };
  }

  deliver(channel: string, payload: string): void {
    for (const handler of this.#handlers.get(channel) ?? []) handler(payload);
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

import { chmodSync, rmSync } from "node:fs";
import net from "node:net";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { Logger } from "../../logger.ts";
import { setAdminRole } from "./admin-role.ts";
import { type ControlRequest, type ControlResponse, ControlRequestSchema, MAX_CONTROL_LINE_BYTES, controlSocketPath } from "./control-protocol.ts";

// A client that connects and says nothing must not hold a connection open.
const IDLE_TIMEOUT_MS = 5_000;

export interface ControlSocket {
  path: string;
  close(): Promise<void>;
}

/** What a backup wrote: total rows, files and their bytes. */
export interface BackupResult {
  rows: number;
  files: number;
  fileBytes: number;
}

export interface ControlSocketInput {
  dataDir: string;
  db: Kysely<DB>;
  logger: Logger;
  /** Writes a backup of the running shop to an absolute path (modules/backup); passed in so admin does not depend on it. */
  backup?: (file: string) => Promise<BackupResult>;
}

type Handlers = Pick<ControlSocketInput, "db" | "backup">;

async function execute(request: ControlRequest, { db, backup }: Handlers): Promise<ControlResponse> {
  switch (request.command) {
    case "set-admin-role":
      return setAdminRole(db, request.email, request.isAdmin);
    case "backup":
      if (!backup) return { ok: false, message: "This server cannot write backups." };
      return { ok: true, file: request.file, ...(await backup(request.file)) };
  }
}

/** Parses and validates one request line; every failure becomes an answer, never a crash. */
async function answer(line: string, handlers: Handlers, logger: Logger): Promise<ControlResponse> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    // swallowed: answered to the caller in words.
    return { ok: false, message: "The control request is not valid JSON." };
  }
  const request = ControlRequestSchema.safeParse(parsed);
  if (!request.success) return { ok: false, message: "Unknown or invalid control command." };
  try {
    const result = await execute(request.data, handlers);
    logger.info({ control: request.data.command, ok: result.ok }, "control command");
    return result;
  } catch (error) {
    logger.error({ err: error, control: request.data.command }, "control command failed");
    return { ok: false, message: `The server could not run ${request.data.command}: ${(error as Error).message} (more in its log).` };
  }
}

function serve(connection: net.Socket, handlers: Handlers, logger: Logger) {
  let buffered = "";
  let done = false;
  const reply = (response: ControlResponse) => {
    done = true;
    connection.end(`${JSON.stringify(response)}\n`);
  };
  connection.setEncoding("utf8");
  connection.setTimeout(IDLE_TIMEOUT_MS, () => connection.destroy());
  connection.on("error", () => connection.destroy());
  connection.on("data", (chunk: string) => {
    if (done) return;
    buffered += chunk;
    const newline = buffered.indexOf("\n");
    if (newline === -1) {
      if (Buffer.byteLength(buffered) > MAX_CONTROL_LINE_BYTES) reply({ ok: false, message: "The control request is too long." });
      return;
    }
    done = true;
    // No idle timeout while a command (a backup) runs; the client keeps its own.
    connection.setTimeout(0);
    void answer(buffered.slice(0, newline), handlers, logger).then((response) => reply(response));
  });
}

/**
 * Listens on DATA_DIR/control.sock with mode 0600. Only the process holding the data directory
 * lock calls this, so a socket file already there was left by a server that crashed and is removed.
 * A failure to listen is logged and the server carries on: the CLI then reports the locked directory.
 */
export async function startControlSocket({ dataDir, db, logger, backup }: ControlSocketInput): Promise<ControlSocket | null> {
  const socketPath = controlSocketPath(dataDir);
  rmSync(socketPath, { force: true });
  const server = net.createServer((connection) => serve(connection, { db, backup }, logger));
  const listening = new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.once("listening", () => {
      server.off("error", reject);
      resolve();
    });
  });
  // Node binds the socket synchronously inside listen(), so this umask makes the file 0600 from
  // its creation (no window where another local user could connect); chmod below repeats it.
  const previousUmask = process.umask(0o177);
  try {
    server.listen(socketPath);
  } finally {
    process.umask(previousUmask);
  }
  try {
    await listening;
    chmodSync(socketPath, 0o600);
  } catch (error) {
    logger.warn({ err: error, socketPath }, "control socket unavailable; `npm run admin` needs the server stopped");
    server.close();
    return null;
  }
  const removeFile = () => rmSync(socketPath, { force: true });
  process.once("exit", removeFile);
  return {
    path: socketPath,
    close: () =>
      new Promise<void>((resolve) => {
        process.off("exit", removeFile);
        server.close(() => {
          removeFile();
          resolve();
        });
      }),
  };
}

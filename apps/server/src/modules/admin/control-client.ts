import { lstatSync } from "node:fs";
import net from "node:net";
import { type ControlRequest, type ControlResponse, ControlResponseSchema, MAX_CONTROL_LINE_BYTES, controlSocketPath } from "./control-protocol.ts";

const REPLY_TIMEOUT_MS = 10_000;
/** A backup copies every file before it answers. */
const BACKUP_REPLY_TIMEOUT_MS = 6 * 60 * 60 * 1000;

export class ControlSocketUnavailableError extends Error {}

/**
 * Sends one request to the running server's control socket and returns its answer. The socket
 * must be a socket owned by this user: a file planted by someone else is never talked to.
 */
export async function sendControlRequest(dataDir: string, request: ControlRequest): Promise<ControlResponse> {
  const socketPath = controlSocketPath(dataDir);
  let stats;
  try {
    stats = lstatSync(socketPath);
  } catch {
    throw new ControlSocketUnavailableError(`The running server has no control socket at ${socketPath}.`);
  }
  if (!stats.isSocket() || (typeof process.getuid === "function" && stats.uid !== process.getuid())) {
    throw new ControlSocketUnavailableError(`${socketPath} is not a control socket owned by this user; refusing to use it.`);
  }
  return new Promise<ControlResponse>((resolve, reject) => {
    const connection = net.createConnection(socketPath);
    let received = "";
    const fail = (message: string) => {
      connection.destroy();
      reject(new ControlSocketUnavailableError(message));
    };
    connection.setEncoding("utf8");
    connection.setTimeout(request.command === "backup" ? BACKUP_REPLY_TIMEOUT_MS : REPLY_TIMEOUT_MS, () => fail("The server did not answer on its control socket in time."));
    connection.on("error", (error) => fail(`Could not reach the server's control socket: ${error.message}`));
    connection.on("connect", () => connection.write(`${JSON.stringify(request)}\n`));
    connection.on("data", (chunk: string) => {
      received += chunk;
      if (Buffer.byteLength(received) > MAX_CONTROL_LINE_BYTES) fail("The server's answer was too long.");
    });
    connection.on("end", () => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(received.trim());
      } catch {
        // swallowed: not JSON fails the schema check below, which answers for it.
        parsed = undefined;
      }
      const response = ControlResponseSchema.safeParse(parsed);
      if (response.success) resolve(response.data);
      else fail("The server's answer on its control socket was not understood.");
    });
  });
}

import path from "node:path";
import { z } from "zod";

/**
 * The local control channel (docs/decisions/040-admin-cli-control-socket.md): while `npm start`
 * holds the embedded database, `npm run admin` asks the server to make the change. One JSON line
 * each way over a Unix domain socket in DATA_DIR that only the machine's user can open.
 */
export const CONTROL_SOCKET_NAME = "control.sock";

/** Requests are one short line; anything longer is refused before parsing. */
export const MAX_CONTROL_LINE_BYTES = 4096;

export function controlSocketPath(dataDir: string): string {
  return path.join(dataDir, CONTROL_SOCKET_NAME);
}

export const ControlRequestSchema = z.discriminatedUnion("command", [
  z.strictObject({ command: z.literal("set-admin-role"), email: z.string().trim().min(1).max(320), isAdmin: z.boolean() }),
  // `npm run backup`: the server writes the backup file itself (decision 171); the path is absolute
  // because the CLI and the server may have different working directories.
  z.strictObject({ command: z.literal("backup"), file: z.string().min(2).max(1024).refine((file) => path.isAbsolute(file), "must be absolute") }),
]);
export type ControlRequest = z.infer<typeof ControlRequestSchema>;

export const BackupResponseSchema = z.strictObject({ ok: z.literal(true), file: z.string(), rows: z.number(), files: z.number(), fileBytes: z.number() });

export const ControlResponseSchema = z.union([
  z.strictObject({ ok: z.literal(true), email: z.string(), changed: z.boolean() }),
  BackupResponseSchema,
  z.strictObject({ ok: z.literal(false), message: z.string() }),
]);
export type ControlResponse = z.infer<typeof ControlResponseSchema>;

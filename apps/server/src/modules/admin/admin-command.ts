import type { CliContext } from "../../cli-context.ts";
import { ControlSocketUnavailableError, sendControlRequest } from "./control-client.ts";
import { type AdminRoleResult, setAdminRole } from "./admin-role.ts";

const USAGE = "Usage: npm run admin -- grant <email> | revoke <email>";

function parseArgs(args: string[]): { email: string; isAdmin: boolean } | null {
  const [action, email] = args;
  if ((action !== "grant" && action !== "revoke") || !email) return null;
  return { email, isAdmin: action === "grant" };
}

/** The same words whether the CLI changed the database itself or the running server did. */
function report(result: AdminRoleResult, isAdmin: boolean): number {
  if (!result.ok) {
    console.error(result.message);
    return 1;
  }
  const verb = isAdmin ? "is now an admin" : "is no longer an admin";
  console.log(result.changed ? `${result.email} ${verb}.` : `${result.email} ${verb} (no change).`);
  return 0;
}

/** `npm run admin -- grant <email>` / `revoke <email>`; exit code 1 with a message when the email is unknown. */
export async function adminCommand(args: string[], { database }: CliContext): Promise<number> {
  const parsed = parseArgs(args);
  if (!parsed) {
    console.error(USAGE);
    return 2;
  }
  return report(await setAdminRole(database.db, parsed.email, parsed.isAdmin), parsed.isAdmin);
}

/**
 * The embedded database is held by a running server: ask that server, over its control socket in
 * DATA_DIR, to make the change (docs/decisions/040-admin-cli-control-socket.md).
 */
export async function adminCommandViaServer(args: string[], dataDir: string, lockedMessage: string): Promise<number> {
  const parsed = parseArgs(args);
  if (!parsed) {
    console.error(USAGE);
    return 2;
  }
  try {
    const result = await sendControlRequest(dataDir, { command: "set-admin-role", email: parsed.email, isAdmin: parsed.isAdmin });
    if (result.ok && !("email" in result)) throw new ControlSocketUnavailableError("The server's answer was not about the admin role.");
    return report(result, parsed.isAdmin);
  } catch (error) {
    if (!(error instanceof ControlSocketUnavailableError)) throw error;
    console.error(`${lockedMessage}\n${error.message}\n(Stop the server and run this command again.)`);
    return 1;
  }
}

import type { CliContext } from "../../cli.ts";
import { setAdminRole } from "./admin-role.ts";

/** `npm run admin -- grant <email>` / `revoke <email>`; exit code 1 with a message when the email is unknown. */
export async function adminCommand(args: string[], { database }: CliContext): Promise<number> {
  const [action, email] = args;
  if ((action !== "grant" && action !== "revoke") || !email) {
    console.error("Usage: npm run admin -- grant <email> | revoke <email>");
    return 2;
  }
  const result = await setAdminRole(database.db, email, action === "grant");
  if (!result.ok) {
    console.error(result.message);
    return 1;
  }
  const verb = action === "grant" ? "is now an admin" : "is no longer an admin";
  console.log(result.changed ? `${result.email} ${verb}.` : `${result.email} ${verb} (no change).`);
  return 0;
}

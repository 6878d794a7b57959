import { type Kysely, sql } from "kysely";

// The address an admin write came from (issue 15: audit records use the client address, a trusted
// proxy's forwarded one or the socket's). Null for rows written before this column and by the CLI.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table admin_audit_log add column actor_address text`.execute(db);
}

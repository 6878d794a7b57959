import { type Kysely, sql } from "kysely";

// Decision 104: every instance keeps a short-lived cache of session lookups, keyed by the
// credentials. Whatever ends a session or changes what a viewer is (sign-out, an admin's "sign out
// everywhere", a ban, a password reset, revoking admin, a new name or email) reaches every instance
// on VIEWER_SESSIONS_CHANNEL, from triggers so no writer can forget it: 't:<token>,...' for deleted
// sessions (at most 200 tokens a notification), 'u:<userId>' for a changed user or profile, '*' for
// a truncate.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create function notify_viewer_sessions_ended() returns trigger language plpgsql as $$
    declare
      tokens text[];
      start integer := 1;
    begin
      if tg_op = 'TRUNCATE' then
        perform pg_notify('viewer_sessions', '*');
        return null;
      end if;
      select array_agg(token) into tokens from old_rows;
      while start <= coalesce(array_length(tokens, 1), 0) loop
        perform pg_notify('viewer_sessions', 't:' || array_to_string(tokens[start:start + 199], ','));
        start := start + 200;
      end loop;
      return null;
    end
  $$`.execute(db);
  await sql`create trigger session_viewer_sessions_delete after delete on session referencing old table as old_rows
    for each statement execute function notify_viewer_sessions_ended()`.execute(db);
  await sql`create trigger session_viewer_sessions_truncate after truncate on session
    for each statement execute function notify_viewer_sessions_ended()`.execute(db);

  // Row triggers limited to the columns a viewer carries: a profile's other edits and better-auth's
  // bookkeeping on "user" (updatedAt) notify nothing. A profile inserted later (an upsert granting
  // admin) changes what a viewer without one was.
  await sql`create function notify_viewer_user_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('viewer_sessions', 'u:' || case when tg_op = 'DELETE' then old.id else new.id end);
      return null;
    end
  $$`.execute(db);
  await sql`create trigger profiles_viewer_sessions after insert or update of is_admin, banned_at or delete on profiles
    for each row execute function notify_viewer_user_changed()`.execute(db);
  await sql`create trigger user_viewer_sessions after update of name, email or delete on "user"
    for each row execute function notify_viewer_user_changed()`.execute(db);
}

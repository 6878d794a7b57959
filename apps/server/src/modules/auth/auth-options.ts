import type { BetterAuthOptions } from "better-auth";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";

export interface AuthOptionsInput {
  config: Config;
  database: Database;
  secret: string;
}

/**
 * One definition of better-auth's options, used both to run its migrations and to serve /api/auth,
 * so the tables always match the plugins in use.
 */
export function buildAuthOptions({ config, database, secret }: AuthOptionsInput): BetterAuthOptions {
  return {
    appName: "Reelmart",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret,
    database: { db: database.db, type: "postgres" },
    emailAndPassword: { enabled: true },
    telemetry: { enabled: false },
    databaseHooks: {
      user: {
        create: {
          // Every user has a profiles row from sign-up on (000 §3); is_admin lives there.
          after: async (user) => {
            await database.db.insertInto("profiles").values({ id: user.id }).onConflict((oc) => oc.column("id").doNothing()).execute();
          },
        },
      },
    },
  };
}

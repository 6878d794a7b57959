import type { CliCommand } from "./cli-context.ts";
import { resolveAuthSecret } from "./config.ts";
import { DataDirLockedError, openDatabase } from "./db/database.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { loadConfigOrReport } from "./load-config.ts";
import { createLogger } from "./logger.ts";
import { buildAuthOptions } from "./modules/auth/auth-options.ts";
import { workerCommand } from "./modules/media/worker.cli.ts";
import { seedCommand } from "./modules/seed/seed.cli.ts";
import { adminCommand, adminCommandViaServer } from "./modules/admin/admin-command.ts";
import { backupCommand, backupCommandViaServer, moveCommand, restoreCommand } from "./modules/backup/backup.cli.ts";

const USAGE = `Usage:
  npm run migrate                 apply pending database migrations
  npm run seed                    add the demo catalogue (idempotent)
  npm run admin -- grant <email>  make an existing user an admin
  npm run admin -- revoke <email> remove a user's admin role
  npm run worker                  process media jobs
  npm run backup [-- --out FILE]  write the whole shop (database and files) to one file
  npm run restore -- FILE         fill an empty DATA_DIR or database (and storage) from a backup
  npm run move -- --to-database postgres://… [--to-storage s3]
                                  copy a stopped embedded shop to PostgreSQL (and S3)`;

const commands: Record<string, CliCommand> = {
  async migrate(_args, { database, config }) {
    const applied = await migrateToLatest(database, buildAuthOptions({ config, database, secret: resolveAuthSecret(config) }));
    console.log(applied.length ? `Applied: ${applied.join(", ")}` : "Database is up to date.");
    return 0;
  },
  admin: adminCommand,
  backup: backupCommand,
  restore: restoreCommand,
  move: moveCommand,
  seed: seedCommand,
  worker: workerCommand,
};

export async function runCli(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  const command = name ? commands[name] : undefined;
  if (!command) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfigOrReport();
  if (!config) return 1;
  const logger = createLogger(config);
  let database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, prepareStatements: config.databasePreparedStatements, logger });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      // A running server holds the embedded database; the admin command reaches it over its control socket.
      if (name === "admin") return adminCommandViaServer(args, config.dataDir, error.message);
      if (name === "backup") return backupCommandViaServer(args, config.dataDir, error.message);
      console.error(`${error.message}\n(With the embedded database, stop the server before running this command.)`);
      return 1;
    }
    throw error;
  }
  try {
    // A restore brings its empty target to the backup's migrations itself, then to the latest.
    if (name !== "migrate" && name !== "restore") await commands.migrate!([], { config, logger, database });
    return await command(args, { config, logger, database });
  } finally {
    await database.close();
  }
}

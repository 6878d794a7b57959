import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { CliContext } from "../../cli-context.ts";
import { type Config, ConfigError, loadConfig, resolveAuthSecret } from "../../config.ts";
import { type Database, openDatabase } from "../../db/database.ts";
import { migrateToLatest } from "../../db/migrate.ts";
import { createStorage } from "../../storage/create-storage.ts";
import type { Storage } from "../../storage/storage.ts";
import { ControlSocketUnavailableError, sendControlRequest } from "../admin/control-client.ts";
import type { BackupResult } from "../admin/control-socket.ts";
import { buildAuthOptions } from "../auth/auth-options.ts";
import { BackupFileError, openBackupFile, writeBackupFile } from "./backup-file.ts";
import { type LoadReport, TargetNotEmptyError, VerificationError, loadShop } from "./load-shop.ts";
import { type ShopSource, liveSource } from "./shop-source.ts";

/** npm runs scripts from the repository root; a relative path means the directory the owner typed it in. */
const fromCallerDirectory = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function defaultBackupName(): string {
  return `reelmart-${new Date().toISOString().replace(/[:.]/g, "-")}.backup`;
}

/** `--name value` pairs; null when an argument is not one of `names`. */
function parseOptions(args: string[], names: string[]): Record<string, string> | null {
  const options: Record<string, string> = {};
  for (let index = 0; index < args.length; index += 2) {
    const name = args[index]!;
    const value = args[index + 1];
    if (!names.includes(name) || value === undefined) return null;
    options[name] = value;
  }
  return options;
}

function backupFileArgument(args: string[]): string | null {
  const options = parseOptions(args, ["--out"]);
  if (!options) return null;
  return fromCallerDirectory(options["--out"] ?? defaultBackupName());
}

const BACKUP_USAGE = "Usage: npm run backup [-- --out FILE]";

/**
 * A backup of the shop this process (or the CLI) has open. The embedded shop's generated auth
 * secret travels in the manifest, so a restored shop keeps its sessions; a configured AUTH_SECRET
 * stays the operator's.
 */
export async function backupShop(deps: { config: Config; database: Database; storage: Storage }, file: string): Promise<BackupResult> {
  const source = await liveSource(deps.database, deps.storage);
  if (deps.database.kind === "pglite" && !deps.config.authSecret) source.manifest.authSecret = resolveAuthSecret(deps.config);
  const summary = await writeBackupFile(file, source);
  return { rows: Object.values(summary.tables).reduce((sum, rows) => sum + rows, 0), files: summary.files, fileBytes: summary.fileBytes };
}

function reportBackup(file: string, result: BackupResult) {
  console.log(`Backed up ${result.rows} rows and ${result.files} files (${megabytes(result.fileBytes)}) to ${file}`);
}

/** `npm run backup`: the CLI holds the database (PostgreSQL, or a stopped embedded shop). */
export async function backupCommand(args: string[], { config, database }: CliContext): Promise<number> {
  const file = backupFileArgument(args);
  if (!file) {
    console.error(BACKUP_USAGE);
    return 2;
  }
  reportBackup(file, await backupShop({ config, database, storage: createStorage(config) }, file));
  return 0;
}

/** `npm run backup` while `npm start` holds the embedded database: the running server writes it. */
export async function backupCommandViaServer(args: string[], dataDir: string, lockedMessage: string): Promise<number> {
  const file = backupFileArgument(args);
  if (!file) {
    console.error(BACKUP_USAGE);
    return 2;
  }
  try {
    const result = await sendControlRequest(dataDir, { command: "backup", file });
    if (!result.ok) {
      console.error(result.message);
      return 1;
    }
    if (!("rows" in result)) throw new ControlSocketUnavailableError("The server's answer was not about a backup.");
    reportBackup(file, result);
    return 0;
  } catch (error) {
    if (!(error instanceof ControlSocketUnavailableError)) throw error;
    console.error(`${lockedMessage}\n${error.message}\n(Stop the server and run this command again.)`);
    return 1;
  }
}

function reportLoad(report: LoadReport) {
  const rows = Object.values(report.tables).reduce((sum, count) => sum + count, 0);
  console.log(`Copied ${rows} rows in ${Object.keys(report.tables).length} tables; row counts match.`);
  if (!report.filesStayed) {
    const skipped = report.filesSkipped ? `, ${report.filesSkipped} already there from an earlier run` : "";
    console.log(`Copied ${report.files} files (${megabytes(report.fileBytes)}${skipped}); checksums match.`);
  }
  if (report.urlsRewritten) console.log("Stored media URLs now point at the target storage.");
}

/** The failures an owner can act on are printed as they are; anything else is a bug and keeps its stack. */
function reportFailure(error: unknown): number {
  if (error instanceof TargetNotEmptyError || error instanceof VerificationError || error instanceof BackupFileError) {
    console.error(error.message);
    return 1;
  }
  throw error;
}

async function load(source: ShopSource, config: Config, target: { database: Database; storage: Storage; sameStorage?: boolean }): Promise<LoadReport> {
  const authOptions = buildAuthOptions({ config, database: target.database, secret: resolveAuthSecret(config) });
  const report = await loadShop(source, { ...target, authOptions }, (line) => console.log(line));
  const applied = await migrateToLatest(target.database, authOptions);
  if (applied.length) console.log(`Applied the migrations made since the backup: ${applied.join(", ")}`);
  return report;
}

/** `npm run restore -- FILE`: into the empty database (DATA_DIR or DATABASE_URL) and storage of this configuration. */
export async function restoreCommand(args: string[], { config, database }: CliContext): Promise<number> {
  if (args.length !== 1) {
    console.error("Usage: npm run restore -- FILE");
    return 2;
  }
  let backup;
  try {
    backup = await openBackupFile(fromCallerDirectory(args[0]!));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") {
      console.error(`No such file: ${args[0]}`);
      return 1;
    }
    return reportFailure(error);
  }
  try {
    const secret = backup.source.manifest.authSecret;
    const secretFile = path.join(config.dataDir, "auth-secret");
    // An embedded target with no secret of its own takes the shop's, so sessions stay valid.
    if (secret && !config.authSecret && !config.databaseUrl && !existsSync(secretFile)) writeFileSync(secretFile, secret, { mode: 0o600 });
    const report = await load(backup.source, config, { database, storage: createStorage(config) });
    for (const [table, rows] of Object.entries(backup.summary.tables)) {
      if (report.tables[table] !== rows) throw new VerificationError(`Table ${table}: the backup lists ${rows} rows, ${report.tables[table] ?? 0} were restored.`);
    }
    reportLoad(report);
    const sessionsKept = !secret || (config.authSecret ?? (existsSync(secretFile) ? readFileSync(secretFile, "utf8").trim() : undefined)) === secret;
    if (!sessionsKept) console.log("This shop signs sessions with another secret than the backed-up one: shoppers will sign in again.");
    return 0;
  } catch (error) {
    return reportFailure(error);
  } finally {
    await backup.close();
  }
}

const MOVE_USAGE = "Usage: npm run move -- --to-database postgres://user@host:5432/name [--to-storage s3]";

/**
 * `npm run move`: a stopped embedded shop (DATA_DIR) into an empty PostgreSQL database and, with
 * --to-storage s3, its files into the S3-compatible storage of the S3_* settings.
 */
export async function moveCommand(args: string[], { config, database }: CliContext): Promise<number> {
  const options = parseOptions(args, ["--to-database", "--to-storage"]);
  const targetUrl = options?.["--to-database"];
  if (!options || !targetUrl || !/^postgres(ql)?:\/\//.test(targetUrl) || (options["--to-storage"] && options["--to-storage"] !== "s3")) {
    console.error(MOVE_USAGE);
    return 2;
  }
  if (database.kind !== "pglite") {
    console.error("The shop to move is the embedded one in DATA_DIR: run this without DATABASE_URL.");
    return 2;
  }
  const sourceStorage = createStorage(config);
  let targetStorage = sourceStorage;
  if (options["--to-storage"]) {
    try {
      targetStorage = createStorage(loadConfig({ ...process.env, STORAGE_DRIVER: "s3" }));
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      console.error(`${error.message}\n(--to-storage s3 reads the S3_* settings.)`);
      return 2;
    }
  }
  const target = await openDatabase({ databaseUrl: targetUrl, dataDir: config.dataDir, poolSize: 2, prepareStatements: config.databasePreparedStatements });
  try {
    const source = await liveSource(database, sourceStorage);
    const report = await load(source, { ...config, databaseUrl: targetUrl }, { database: target, storage: targetStorage, sameStorage: targetStorage === sourceStorage });
    reportLoad(report);
    console.log(
      [
        "",
        "Start the shop on its new home with:",
        `  DATABASE_URL=${targetUrl.replace(/\/\/[^@/]*@/, "//…@")}` + (options["--to-storage"] ? " STORAGE_DRIVER=s3 (and the same S3_* settings)" : ` DATA_DIR=${config.dataDir} (its files stay in DATA_DIR/storage)`),
        config.authSecret
          ? "  and the same AUTH_SECRET, so shoppers stay signed in."
          : `  AUTH_SECRET="$(cat ${path.join(config.dataDir, "auth-secret")})" keeps shoppers signed in (another secret signs them out).`,
      ].join("\n"),
    );
    return 0;
  } catch (error) {
    return reportFailure(error);
  } finally {
    await target.close();
  }
}

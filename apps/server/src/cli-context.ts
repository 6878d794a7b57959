import type { Config } from "./config.ts";
import type { Database } from "./db/database.ts";
import type { Logger } from "./logger.ts";

/**
 * What cli.ts hands every command. Its own file, not cli.ts: cli.ts imports every module's command,
 * so a module importing cli.ts would close an import cycle.
 */
export interface CliContext {
  config: Config;
  logger: Logger;
  database: Database;
}

/** A command: its arguments after the name, and the context; answers the process exit code. */
export type CliCommand = (args: string[], context: CliContext) => Promise<number>;

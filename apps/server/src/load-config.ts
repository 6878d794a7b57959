import { type Config, ConfigError, loadConfig } from "./config.ts";

/**
 * The process's configuration, or null once the reason it is invalid has been printed: a bad
 * variable is the operator's to fix, so they get the message without a stack trace.
 */
export function loadConfigOrReport(): Config | null {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return null;
    }
    throw error;
  }
}

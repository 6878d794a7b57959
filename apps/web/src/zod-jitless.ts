// The web build's "zod" (vite.config.ts aliases it here, for the app and for core's schemas alike).
// Before compiling a schema zod probes for eval with `Function("")`; under the app's CSP (no
// 'unsafe-eval') that probe fails safely but is reported as a CSP violation on every page that
// parses. Jitless mode skips the probe; the server keeps zod's compiled parsers.
import { config } from "zod/v4/core";
import * as z from "zod/v4";

config({ jitless: true });

export * from "zod/v4";
export { z };
export default z;

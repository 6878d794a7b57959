// `npm run worker` from source, for tests that start (and kill) a worker process.
import { runCli } from "../cli.ts";

process.exitCode = await runCli(["worker"]);

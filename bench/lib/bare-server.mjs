// The reference point for API throughput (DESIGN.md budgets): a bare node:http server answering
// every request with the same JSON bytes the real endpoint returned. Runs in its own process so it
// competes with the load generator exactly as the real server does.
import { readFileSync } from "node:fs";
import http from "node:http";

const body = readFileSync(process.argv[2]);
const server = http.createServer((_req, res) => {
  res.writeHead(200, { "content-type": "application/json", "content-length": body.length });
  res.end(body);
});
server.listen(0, "127.0.0.1", () => process.send?.({ port: server.address().port }));
process.on("SIGTERM", () => server.close(() => process.exit(0)));

import { type ChildProcess, execFile, spawn } from "node:child_process";
import http from "node:http";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { makeTestVideo } from "../apps/server/src/testing/media-sources.ts";
import { type S3TestServer, startS3TestServer } from "../apps/server/src/testing/s3-test-server.ts";
import { SseReader } from "../apps/server/src/testing/sse-reader.ts";

// Issue #19, "many instances, proven" (docs/deploy.md, "What the scale-out test proves"): Debian's
// nginx, configured from deploy/nginx.conf, balances round robin over three production servers
// (apps/server/dist/main.js) on one PostgreSQL database of this test's own, with S3 storage (s3rver)
// and media jobs in a separate `npm run worker` process. A shopper and an admin use the shop
// through the balancer; nginx names the instance that answered in an X-Upstream header (added by
// this test's variant of the configuration only), so each step can show it crossed instances.

const run = promisify(execFile);
const REPO_ROOT = fileURLToPath(new URL("..", import.meta.url));
const ADMIN_URL = process.env.E2E_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
// Ports next to the e2e server's (E2E_PORT, 3100 by default): the balancer, three instances, the
// worker's metrics. s3rver takes the first free port of 3141-3149, as in the server tests.
const BASE_PORT = Number(process.env.E2E_PORT ?? 3100) + 60;
const BALANCER = `http://127.0.0.1:${BASE_PORT}`;
const INSTANCE_PORTS = [BASE_PORT + 1, BASE_PORT + 2, BASE_PORT + 3];
const WORKER_METRICS_PORT = BASE_PORT + 4;
const AUTH_SECRET = randomBytes(32).toString("base64url");
const PASSWORD = "correct-horse-battery";

interface Child {
  name: string;
  process: ChildProcess;
  output: string[];
}

const databaseName = `reelmart_scale_${randomBytes(6).toString("hex")}`;
const databaseUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${databaseName}` }).toString();
// Made in beforeAll: Playwright also loads this file just to list its tests.
let workDir: string;
const children: Child[] = [];
let s3: S3TestServer | undefined;

function spawnChild(name: string, command: string, args: string[], env: Record<string, string>): Child {
  const child = spawn(command, args, { cwd: REPO_ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  const entry: Child = { name, process: child, output: [] };
  // Kept for failure messages: a process that exits early says why on its own output.
  child.stdout?.on("data", (chunk: Buffer) => entry.output.push(chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => entry.output.push(chunk.toString()));
  children.push(entry);
  return entry;
}

/** What every instance, the worker and the admin command share: one database, one storage, one secret. */
function shopEnv(dataDir: string): Record<string, string> {
  return {
    NODE_ENV: "production",
    PUBLIC_URL: BALANCER,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    // 3 instances and a worker on a machine whose PostgreSQL other tests use too.
    DATABASE_POOL_SIZE: "4",
    AUTH_SECRET,
    SEED_DEMO: "false",
    TRUSTED_PROXIES: "127.0.0.1",
    LOG_LEVEL: "warn",
    ...s3!.env,
  };
}

function startInstance(port: number): Child {
  const dataDir = path.join(workDir, `instance-${port}`);
  mkdirSync(dataDir, { recursive: true });
  return spawnChild(`instance :${port}`, process.execPath, ["apps/server/dist/main.js"], {
    ...shopEnv(dataDir),
    PORT: String(port),
    HOST: "127.0.0.1",
    // Encoding is the worker's job only.
    MEDIA_WORKERS: "0",
  });
}

async function waitForReady(child: Child, url: string) {
  await expect
    .poll(
      async () => {
        if (child.process.exitCode !== null) throw new Error(`${child.name} exited:\n${child.output.join("")}`);
        return fetch(url).then((response) => response.status, () => 0);
      },
      { timeout: 90_000, intervals: [250] },
    )
    .toBe(200);
}

async function stopChild(child: Child) {
  const { process: proc } = child;
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise((resolve) => proc.once("exit", resolve));
  proc.kill("SIGTERM");
  // The servers drain for up to 5 s before closing long-lived streams; past that, force it.
  const timer = setTimeout(() => proc.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

async function sql<T extends pg.QueryResultRow = pg.QueryResultRow>(connectionString: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/**
 * deploy/nginx.conf as shipped, made runnable on this machine: the three upstreams are the test's
 * instances, the TLS server listens on plain HTTP on the balancer's port, and every answer names the
 * instance that gave it (X-Upstream). Each rewrite must match, so a reshaped deploy/nginx.conf fails
 * here loudly instead of silently testing something else.
 */
function nginxConfig(): string {
  let site = readFileSync(path.join(REPO_ROOT, "deploy/nginx.conf"), "utf8");
  const rewrite = (pattern: RegExp, replacement: string) => {
    if (!pattern.test(site)) throw new Error(`deploy/nginx.conf no longer matches ${pattern}; update e2e/scale-out.spec.ts`);
    site = site.replace(pattern, replacement);
  };
  rewrite(/(upstream reelmart \{[^}]*?)(?:\s*server 10\.0\.0\.\d+:3000 [^;]*;)+/, `$1\n${INSTANCE_PORTS.map((port) => `    server 127.0.0.1:${port} max_fails=3 fail_timeout=10s;`).join("\n")}`);
  rewrite(/server \{\s*listen 80;[^}]*\}\s*/, "");
  rewrite(/listen 443 ssl http2;\s*listen \[::\]:443 ssl http2;/, `listen 127.0.0.1:${BASE_PORT};`);
  rewrite(/\s*ssl_certificate [^;]*;\s*ssl_certificate_key [^;]*;/, "");
  rewrite(/(client_max_body_size 8m;)/, "$1\n    add_header X-Upstream $upstream_addr always;\n    add_header X-Balancer-Request-Id $request_id always;");
  rewrite(/allow 10\.0\.0\.0\/8;/, "allow 127.0.0.1;");
  const temp = (name: string) => path.join(workDir, "nginx", name);
  mkdirSync(temp("body"), { recursive: true });
  return [
    "daemon off;",
    "worker_processes 1;",
    // As root nginx would hand its workers to "nobody", who cannot use this test's directories.
    ...(process.getuid?.() === 0 ? ["user root;"] : []),
    `pid ${temp("nginx.pid")};`,
    `error_log ${temp("error.log")} warn;`,
    "events { worker_connections 256; }",
    "http {",
    `  access_log off;`,
    `  client_body_temp_path ${temp("body")};`,
    `  proxy_temp_path ${temp("proxy")};`,
    `  fastcgi_temp_path ${temp("fastcgi")};`,
    `  uwsgi_temp_path ${temp("uwsgi")};`,
    `  scgi_temp_path ${temp("scgi")};`,
    site,
    "}",
  ].join("\n");
}

// ── the shop as a client sees it ────────────────────────────────────────────────────────────────

interface Session {
  userId: string;
  cookie: string;
}

/** Requests through the balancer (or straight to one instance), as one client address. */
function client(baseUrl: string, clientAddress: string, session?: Session) {
  return (pathname: string, init: RequestInit = {}) =>
    fetch(`${baseUrl}${pathname}`, {
      ...init,
      headers: {
        origin: BALANCER,
        // nginx appends its peer (127.0.0.1, trusted), so the instances see this shopper's address.
        "x-forwarded-for": clientAddress,
        ...(session ? { cookie: session.cookie } : {}),
        ...(init.body && typeof init.body === "string" ? { "content-type": "application/json" } : {}),
        ...(init.headers as Record<string, string> | undefined),
      },
    });
}

const upstreamOf = (response: Response) => response.headers.get("x-upstream") ?? "";

/** One GET on an agent's kept-alive connection, as the balancer sends them: the status and connection headers. */
function getOnAgent(agent: http.Agent, url: string): Promise<{ status: number; connection: string; keepAlive: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (response) => {
        response.resume();
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, connection: response.headers.connection ?? "", keepAlive: String(response.headers["keep-alive"] ?? "") }),
        );
      })
      .on("error", reject);
  });
}

/** A tus upload through the balancer (the protocol the web app's tus-js-client speaks). */
class TusUpload {
  static readonly headers = { "tus-resumable": "1.0.0" };
  offset = 0;

  private constructor(
    private readonly request: ReturnType<typeof client>,
    private readonly file: Buffer<ArrayBuffer>,
    readonly location: string,
  ) {}

  static async create(request: ReturnType<typeof client>, file: Buffer<ArrayBuffer>, productId: string): Promise<TusUpload> {
    const meta = (value: string) => Buffer.from(value).toString("base64");
    const creation = await request("/api/uploads", {
      method: "POST",
      headers: { ...TusUpload.headers, "upload-length": String(file.length), "upload-metadata": `purpose ${meta("product-video")},productId ${meta(productId)}` },
    });
    expect(creation.status, await creation.clone().text()).toBe(201);
    const location = creation.headers.get("location")!;
    expect(location).toMatch(/^\/api\/uploads\/[0-9a-f]{32}$/);
    return new TusUpload(request, file, location);
  }

  get done(): boolean {
    return this.offset === this.file.length;
  }

  /** Asks for the offset (HEAD), checks it is where the last acknowledged chunk ended, sends the next chunk. */
  async sendChunk(size: number): Promise<Response> {
    const head = await this.request(this.location, { method: "HEAD", headers: TusUpload.headers });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get("upload-offset"))).toBe(this.offset);
    const chunk = this.file.subarray(this.offset, this.offset + size);
    const patch = await this.request(this.location, {
      method: "PATCH",
      headers: { ...TusUpload.headers, "upload-offset": String(this.offset), "content-type": "application/offset+octet-stream" },
      body: chunk,
    });
    if (patch.status === 204 || patch.status === 200) this.offset += chunk.length;
    return patch;
  }
}

async function signIn(pathname: "/api/auth/sign-up/email" | "/api/auth/sign-in/email", body: object, clientAddress: string): Promise<Session> {
  const response = await client(BALANCER, clientAddress)(pathname, { method: "POST", body: JSON.stringify(body) });
  expect(response.status, await response.clone().text()).toBe(200);
  const { user } = (await response.json()) as { user: { id: string } };
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  expect(cookie).toContain("session_token=");
  return { userId: user.id, cookie };
}

async function sessionUser(baseUrl: string, session: Session): Promise<string | null> {
  const response = await client(baseUrl, "203.0.113.99", session)("/api/auth/get-session");
  expect(response.status).toBe(200);
  const body = (await response.json()) as { user?: { id: string } } | null;
  return body?.user?.id ?? null;
}

test.describe.configure({ mode: "serial" });

test.describe("three instances behind nginx on PostgreSQL and S3, with a separate media worker", () => {
  const instances: Child[] = [];
  let worker: Child;
  let shopper: Session;
  let admin: Session;
  let productId: string;
  let mediaId: string;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    if (!existsSync(NGINX)) {
      throw new Error(`nginx not found at ${NGINX}: install Debian's nginx (apt-get install nginx; .ci/run does) or set NGINX_PATH`);
    }
    workDir = mkdtempSync(path.join(os.tmpdir(), "reelmart-scale-"));
    await sql(ADMIN_URL, `create database ${databaseName}`);
    s3 = await startS3TestServer();
    // The first instance migrates the empty database; the others and the worker join it migrated.
    instances.push(startInstance(INSTANCE_PORTS[0]!));
    await waitForReady(instances[0]!, `http://127.0.0.1:${INSTANCE_PORTS[0]}/api/ready`);
    instances.push(startInstance(INSTANCE_PORTS[1]!), startInstance(INSTANCE_PORTS[2]!));
    const workerDir = path.join(workDir, "worker");
    mkdirSync(workerDir);
    // What `npm run worker` runs, without npm in between (so SIGTERM reaches it).
    worker = spawnChild("worker", process.execPath, ["scripts/run-server-script.mjs", "worker"], {
      ...shopEnv(workerDir),
      MEDIA_WORKERS: "1",
      WORKER_METRICS_PORT: String(WORKER_METRICS_PORT),
    });
    await Promise.all(instances.slice(1).map((instance, index) => waitForReady(instance, `http://127.0.0.1:${INSTANCE_PORTS[index + 1]}/api/ready`)));
    await waitForReady(worker, `http://127.0.0.1:${WORKER_METRICS_PORT}/metrics`);

    const configFile = path.join(workDir, "nginx.conf");
    writeFileSync(configFile, nginxConfig());
    await run(NGINX, ["-t", "-q", "-c", configFile, "-e", path.join(workDir, "nginx", "error.log")]).catch((error: { stderr?: string }) => {
      throw new Error(`nginx -t refused the test configuration:\n${error.stderr ?? String(error)}`);
    });
    const balancer = spawnChild("nginx", NGINX, ["-c", configFile, "-e", path.join(workDir, "nginx", "error.log")], {});
    await waitForReady(balancer, `${BALANCER}/api/health`);

    admin = await signIn("/api/auth/sign-up/email", { email: `admin-${databaseName}@example.test`, password: PASSWORD, name: "Scale Admin" }, "203.0.113.2");
    // `npm run admin -- grant` on PostgreSQL writes to the database directly.
    await run(process.execPath, ["scripts/run-server-script.mjs", "admin", "grant", `admin-${databaseName}@example.test`], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...shopEnv(workerDir) },
    });
  });

  test.afterAll(async () => {
    await Promise.all(children.map(stopChild));
    await s3?.close();
    await sql(ADMIN_URL, `drop database if exists ${databaseName} with (force)`);
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  test.afterEach(() => {
    // The processes' own words are the first thing to read when a step fails.
    if (test.info().status !== test.info().expectedStatus) {
      for (const child of children) console.log(`── ${child.name} ──\n${child.output.join("").slice(-4000)}`);
    }
  });

  test("sign-up and sign-in through the balancer give a session every instance accepts", async () => {
    const email = `shopper-${databaseName}@example.test`;
    const signedUp = await signIn("/api/auth/sign-up/email", { email, password: PASSWORD, name: "Scale Shopper" }, "203.0.113.10");
    for (const port of INSTANCE_PORTS) expect(await sessionUser(`http://127.0.0.1:${port}`, signedUp)).toBe(signedUp.userId);

    shopper = await signIn("/api/auth/sign-in/email", { email, password: PASSWORD }, "203.0.113.10");
    expect(shopper.userId).toBe(signedUp.userId);
    for (const port of INSTANCE_PORTS) expect(await sessionUser(`http://127.0.0.1:${port}`, shopper)).toBe(shopper.userId);
    // And through the balancer, which spreads the same cookie over all three.
    const upstreams = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const response = await client(BALANCER, "203.0.113.10", shopper)("/api/auth/get-session");
      upstreams.add(upstreamOf(response));
      expect(((await response.json()) as { user: { id: string } }).user.id).toBe(shopper.userId);
    }
    expect(upstreams.size).toBe(3);

    // Signing out through the balancer ends that session on every instance within a second, though
    // each had just cached its lookup (decision 104).
    const signedOut = await client(BALANCER, "203.0.113.10", signedUp)("/api/auth/sign-out", { method: "POST", body: "{}" });
    expect(signedOut.status).toBe(200);
    const ended = Date.now();
    for (const port of INSTANCE_PORTS) await expect.poll(() => sessionUser(`http://127.0.0.1:${port}`, signedUp), { timeout: 1000, intervals: [25] }).toBeNull();
    expect(Date.now() - ended).toBeLessThan(1000);

    // Behind the trusted balancer the session records the shopper's address, not nginx's, and the
    // request id nginx made is the one the instance logged and echoed.
    const addresses = await sql<{ ipAddress: string }>(databaseUrl, `select "ipAddress" from session where "userId" = $1`, [shopper.userId]);
    expect(addresses.map((row) => row.ipAddress)).toEqual(["203.0.113.10"]);
    const response = await client(BALANCER, "203.0.113.10")("/api/health");
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f]{32}$/);
    expect(response.headers.get("x-request-id")).toBe(response.headers.get("x-balancer-request-id"));
  });

  test("sign-in attempts are counted across instances, per shopper address", async () => {
    // better-auth allows 3 sign-ins per 10 s per address (auth-options.ts); round robin sends each
    // attempt to the next instance, so only a shared count refuses the fourth.
    const attempt = (clientAddress: string) =>
      client(BALANCER, clientAddress)("/api/auth/sign-in/email", {
        method: "POST",
        body: JSON.stringify({ email: `shopper-${databaseName}@example.test`, password: "wrong-password-123" }),
      });
    const answers: { status: number; upstream: string }[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await attempt("203.0.113.20");
      answers.push({ status: response.status, upstream: upstreamOf(response) });
    }
    expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401, 429]);
    expect(new Set(answers.map((answer) => answer.upstream)).size).toBe(3);
    // Another shopper behind the same balancer is not refused: the count keys on X-Forwarded-For.
    expect((await attempt("203.0.113.21")).status).toBe(401);
    // A burst at once, from an address not seen before, spread over the three instances: still 3.
    const burst = await Promise.all(Array.from({ length: 9 }, () => attempt("203.0.113.22")));
    expect(new Set(burst.map(upstreamOf)).size).toBe(3);
    expect(burst.map((response) => response.status).sort()).toEqual([401, 401, 401, 429, 429, 429, 429, 429, 429]);
  });

  test("a tus upload whose chunks land on different instances is transcoded by the worker", async () => {
    test.setTimeout(120_000);
    const asAdmin = client(BALANCER, "203.0.113.2", admin);
    const created = await asAdmin("/api/admin/products", { method: "POST" });
    expect(created.status, await created.clone().text()).toBe(201);
    productId = ((await created.json()) as { id: string }).id;

    const clip = readFileSync(await makeTestVideo(workDir, "clip.mp4", { width: 270, height: 480, seconds: 1 }));
    const upload = await TusUpload.create(asAdmin, clip, productId);

    // Four chunks, each sent after asking for the offset: a HEAD and a PATCH per chunk, spread over
    // the instances by round robin, as a browser resuming on another instance would.
    const patchedOn: string[] = [];
    let finished: Response | undefined;
    while (!finished) {
      const patch = await upload.sendChunk(Math.ceil(clip.length / 4));
      patchedOn.push(upstreamOf(patch));
      if (upload.done) finished = patch;
      else expect(patch.status, await patch.clone().text()).toBe(204);
    }
    expect(new Set(patchedOn).size).toBeGreaterThanOrEqual(2);
    expect(finished!.status, await finished!.clone().text()).toBe(200);
    mediaId = ((await finished!.json()) as { mediaId: string }).mediaId;

    // Only the worker encodes (MEDIA_WORKERS=0 on the instances): the video turns ready and the
    // worker's own metrics count the job.
    await expect
      .poll(
        async () => {
          const product = (await (await asAdmin(`/api/admin/products/${productId}`)).json()) as { media: { id: string; status: string }[] };
          return product.media.find((media) => media.id === mediaId)?.status;
        },
        { timeout: 90_000, intervals: [500] },
      )
      .toBe("ready");
    // (The job's duration is recorded once the job has returned, just after the media turned ready.)
    await expect
      .poll(async () => (await fetch(`http://127.0.0.1:${WORKER_METRICS_PORT}/metrics`)).text(), { timeout: 10_000 })
      .toMatch(/media_job_duration_seconds_count\{[^}]*outcome="done"[^}]*\} [1-9]/);
    const [media] = await sql<{ url: string }>(databaseUrl, "select url from product_media where id = $1", [mediaId]);
    // Its renditions are in S3, served through any instance.
    const range = await client(BALANCER, "203.0.113.10")(media!.url, { headers: { range: "bytes=0-99" } });
    expect(range.status).toBe(206);
  });

  test("a comment posted through one instance reaches event streams open on all three", async () => {
    const streams: { reader: SseReader; upstream: string }[] = [];
    try {
      // Round robin: three streams opened one after another are on three instances.
      for (let i = 0; i < 3; i++) {
        const response = await client(BALANCER, "203.0.113.30")(`/api/realtime?topics=comments:${mediaId}`);
        expect(response.status).toBe(200);
        const reader = new SseReader(response);
        await reader.waitFor((event) => event.event === "ready");
        streams.push({ reader, upstream: upstreamOf(response) });
      }
      expect(new Set(streams.map((stream) => stream.upstream)).size).toBe(3);

      const posted = await client(BALANCER, "203.0.113.10", shopper)(`/api/media/${mediaId}/comments`, {
        method: "POST",
        body: JSON.stringify({ comment: "seen on every instance" }),
      });
      expect(posted.status, await posted.clone().text()).toBe(201);
      const { id } = (await posted.json()) as { id: string };
      for (const { reader } of streams) {
        await reader.waitFor((event) => event.event === "change" && (JSON.parse(event.data) as { ids: string[] }).ids.includes(id), 1000);
      }
    } finally {
      await Promise.all(streams.map(({ reader }) => reader.close()));
    }
  });

  test("an admin's edit reaches every instance's read cache within a second", async () => {
    const asAdmin = client(BALANCER, "203.0.113.2", admin);
    const save = async (title: string) => {
      const product = (await (await asAdmin(`/api/admin/products/${productId}`)).json()) as Record<string, unknown> & { media: Record<string, unknown>[] };
      const body = {
        ...Object.fromEntries(
          ["version", "description", "price", "discountPercentage", "category", "stock", "brandId", "specifications", "highlights", "promotion", "variants", "marketplaceIds"].map((key) => [key, product[key]]),
        ),
        title,
        price: "499.00",
        stock: 10,
        status: "active",
        media: product.media.map(({ id, category, isMain, isCover, displayOnLandingPage, displayOnProfilePage }) => ({ id, category, isMain, isCover, displayOnLandingPage, displayOnProfilePage })),
      };
      const saved = await asAdmin(`/api/admin/products/${productId}`, { method: "PUT", body: JSON.stringify(body) });
      expect(saved.status, await saved.clone().text()).toBe(200);
    };
    // The product page and the feed, as an anonymous shopper reads them from one instance.
    const titlesOn = async (port: number) => {
      const [product, feed] = await Promise.all([fetch(`http://127.0.0.1:${port}/api/products/${productId}`), fetch(`http://127.0.0.1:${port}/api/feed?seed=scale&limit=5`)]);
      const inFeed = feed.status === 200 ? ((await feed.json()) as { items: { id: string; title: string }[] }).items.find((item) => item.id === productId) : undefined;
      return [product.status === 200 ? ((await product.json()) as { title: string }).title : `HTTP ${product.status}`, inFeed?.title ?? `not in the feed (HTTP ${feed.status})`];
    };
    await save("Before the edit");
    // Anonymous reads fill each instance's response, catalogue and feed caches (fresh for 2 s).
    for (const port of INSTANCE_PORTS) await expect.poll(() => titlesOn(port)).toEqual(["Before the edit", "Before the edit"]);

    await save("After the edit");
    const saved = Date.now();
    const delays = await Promise.all(
      INSTANCE_PORTS.map(async (port) => {
        await expect.poll(() => titlesOn(port), { timeout: 1000, intervals: [25] }).toEqual(["After the edit", "After the edit"]);
        return Date.now() - saved;
      }),
    );
    console.log(`edit visible on the three instances after ${delays.join(", ")} ms`);
  });

  test("an instance stopped with SIGTERM under writes drains without refusing one, and comes back", async () => {
    test.setTimeout(60_000);
    const asShopper = client(BALANCER, "203.0.113.10", shopper);
    const leaving = instances[2]!;
    const exit = new Promise<{ code: number | null; at: number }>((resolve) => leaving.process.once("exit", (code) => resolve({ code, at: Date.now() })));
    let exitedAt = 0;
    void exit.then(({ at }) => (exitedAt = at));
    // A connection kept alive by a client (as nginx keeps its upstream connections), idle when the
    // signal comes. The app keeps idle connections longer than nginx's 60 s, so nginx closes them.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const leavingUrl = `http://127.0.0.1:${INSTANCE_PORTS[2]}/api/health`;
    expect(await getOnAgent(agent, leavingUrl)).toEqual({ status: 200, connection: "keep-alive", keepAlive: "timeout=65" });
    const refused: string[] = [];
    let written = 0;
    let probed: Promise<{ status: number; connection: string }> | undefined;
    // Three writers from before the signal until a second after the instance has exited: the
    // requests it was serving, and those nginx sent on its kept-alive connections, all succeed.
    const writer = async () => {
      while (!exitedAt || Date.now() - exitedAt < 1000) {
        const n = ++written;
        const response = await asShopper(`/api/media/${mediaId}/comments`, { method: "POST", body: JSON.stringify({ comment: `drain ${n}` }) });
        if (response.status !== 201) refused.push(`${response.status} from ${upstreamOf(response)}`);
        if (n === 15) {
          leaving.process.kill("SIGTERM");
          // Sent on the idle connection after the signal: answered, and the connection closed after.
          probed = new Promise((resolve) => setTimeout(resolve, 200)).then(() => getOnAgent(agent, leavingUrl));
        }
      }
    };
    await Promise.all([writer(), writer(), writer()]);
    agent.destroy();
    expect(await probed).toMatchObject({ status: 200, connection: "close" });
    expect(refused).toEqual([]);
    expect((await exit).code).toBe(0);

    // A restarted instance joins the balancer again.
    instances[2] = startInstance(INSTANCE_PORTS[2]!);
    await waitForReady(instances[2], `http://127.0.0.1:${INSTANCE_PORTS[2]}/api/ready`);
    await expect
      .poll(async () => upstreamOf(await asShopper("/api/auth/get-session")), { intervals: [100], timeout: 20_000 })
      .toBe(`127.0.0.1:${INSTANCE_PORTS[2]}`);
  });

  test("killing an instance mid-run loses no acknowledged write, and the shopper carries on", async () => {
    test.setTimeout(60_000);
    const asShopper = client(BALANCER, "203.0.113.10", shopper);
    const acknowledged: string[] = [];
    const refused: number[] = [];
    let written = 0;
    const victim = instances[1]!;
    const victimAddress = `127.0.0.1:${INSTANCE_PORTS[1]}`;
    // An admin's upload with a chunk acknowledged by the instance about to die.
    const asAdmin = client(BALANCER, "203.0.113.2", admin);
    const clip = readFileSync(await makeTestVideo(workDir, "second.mp4", { width: 270, height: 480, seconds: 1 }));
    const upload = await TusUpload.create(asAdmin, clip, productId);
    const chunkSize = Math.ceil(clip.length / 8);
    for (let acknowledgedByVictim = false; !acknowledgedByVictim; ) {
      const patch = await upload.sendChunk(chunkSize);
      expect(patch.status).toBe(204);
      acknowledgedByVictim = upstreamOf(patch) === victimAddress;
    }
    const acknowledgedBytes = upload.offset;
    // Three writers at once, so some requests are on the victim when it dies.
    const writer = async () => {
      while (written < 45) {
        const n = ++written;
        const response = await asShopper(`/api/media/${mediaId}/comments`, { method: "POST", body: JSON.stringify({ comment: `write ${n}` }) });
        if (response.status === 201) acknowledged.push(((await response.json()) as { id: string }).id);
        else refused.push(response.status);
        if (n === 15) victim.process.kill("SIGKILL");
      }
    };
    await Promise.all([writer(), writer(), writer()]);
    expect(victim.process.signalCode ?? (await new Promise((resolve) => victim.process.once("exit", (_code, signal) => resolve(signal))))).toBe("SIGKILL");

    // A write in flight on the victim may fail (nginx does not resend a POST it already sent), but
    // nginx takes the dead instance out at once: almost every write is acknowledged.
    console.log(`${acknowledged.length} writes acknowledged, ${refused.length} refused (${refused.join(", ")}) around the kill`);
    expect(refused.every((status) => status === 502)).toBe(true);
    expect(refused.length).toBeLessThanOrEqual(3);
    const stored = await sql<{ id: string }>(databaseUrl, "select id from video_comments where id = any($1::uuid[])", [acknowledged]);
    expect(stored.length).toBe(acknowledged.length);

    // The shopper's session goes on through the balancer on the two instances left.
    const upstreams = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const response = await asShopper("/api/auth/get-session");
      expect(response.status).toBe(200);
      expect(((await response.json()) as { user: { id: string } }).user.id).toBe(shopper.userId);
      upstreams.add(upstreamOf(response).split(", ").at(-1)!);
    }
    expect([...upstreams].sort()).toEqual([`127.0.0.1:${INSTANCE_PORTS[0]}`, `127.0.0.1:${INSTANCE_PORTS[2]}`]);
    const cart = await asShopper("/api/cart/items", { method: "POST", body: JSON.stringify({ productId }) });
    expect(cart.status, await cart.clone().text()).toBe(200);

    // The upload resumes on the instances left, from every byte acknowledged before (the dead
    // instance's chunk included: its part is in S3, its offset in PostgreSQL), and is accepted whole.
    expect(upload.offset).toBe(acknowledgedBytes);
    let last: Response | undefined;
    while (!upload.done) last = await upload.sendChunk(chunkSize);
    expect(last!.status, await last!.clone().text()).toBe(200);
  });
});

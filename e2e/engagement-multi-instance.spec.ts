import { type ChildProcess, spawn } from "node:child_process";
import { asReturningVisitor } from "./support/returning-visitor.ts";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Page, expect, request as apiRequest, test } from "@playwright/test";
import pg from "pg";
import { signUpViaApi } from "./support/sign-up.ts";

// Issue #6's trial: two server processes on one PostgreSQL (different ports); a comment posted
// through one reaches a browser connected to the other, through LISTEN/NOTIFY (DESIGN.md, Scale-out).

const ADMIN_URL = process.env.E2E_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const REPO_ROOT = fileURLToPath(new URL("..", import.meta.url));
// One shared secret, so a session cookie made by either instance is valid on both.
const AUTH_SECRET = randomBytes(32).toString("base64url");
// The first run encodes the demo videos; later runs reuse the media cache and are ready in seconds.
const READY_TIMEOUT_MS = 240_000;
// Next to the e2e server's port (E2E_PORT, 3100 by default), so runs on other ports do not collide.
const FIRST_PORT = Number(process.env.E2E_PORT ?? 3100) + 25;

interface Instance {
  url: string;
  process: ChildProcess;
  output: string[];
  dataDir: string;
}

const databaseName = `reelmart_e2e_${randomBytes(6).toString("hex")}`;
const instances: Instance[] = [];

function startInstance(port: number, mediaWorkers: number): Instance {
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `reelmart-e2e-${port}-`));
  const databaseUrl = new URL(ADMIN_URL);
  databaseUrl.pathname = `/${databaseName}`;
  const child = spawn(process.execPath, ["apps/server/dist/main.js"], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl.toString(),
      AUTH_SECRET,
      SEED_DEMO: "true",
      MEDIA_WORKERS: String(mediaWorkers),
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const instance: Instance = { url, process: child, output: [], dataDir };
  // Kept for the failure message: a process that exits early says why on its own output.
  child.stdout?.on("data", (chunk: Buffer) => instance.output.push(chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => instance.output.push(chunk.toString()));
  instances.push(instance);
  return instance;
}

async function waitForHealth(instance: Instance) {
  await expect
    .poll(
      async () => {
        if (instance.process.exitCode !== null) throw new Error(`${instance.url} exited:\n${instance.output.join("")}`);
        return fetch(`${instance.url}/api/health`).then((r) => r.status, () => 0);
      },
      { timeout: 60_000, intervals: [250] },
    )
    .toBe(200);
}

async function stopInstance(instance: Instance) {
  const { process: child } = instance;
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    // main.ts drains for up to 5 s before closing long-lived streams; past that, force it.
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await exited;
    clearTimeout(timer);
  }
  rmSync(instance.dataDir, { recursive: true, force: true });
}

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

// Chromium reports every EventSource message over CDP; that is how the test knows the stream of
// the drawer's topic is live on instance B before anything is posted. Recording starts before the
// drawer opens, as the stream opens 50 ms after the drawer mounts.
async function recordRealtimeReady(page: Page): Promise<(topic: string) => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const readyTopics: string[] = [];
  cdp.on("Network.eventSourceMessageReceived", ({ eventName, data }) => {
    if (eventName === "ready") readyTopics.push(...(JSON.parse(data) as { topics: string[] }).topics);
  });
  return (topic) => expect.poll(() => readyTopics.includes(topic)).toBe(true);
}

test.describe("two server processes on one PostgreSQL", () => {
  let a: Instance;
  let b: Instance;

  test.beforeAll(async () => {
    test.setTimeout(READY_TIMEOUT_MS + 120_000);
    await admin(`create database ${databaseName}`);
    // A first: it migrates and seeds, and its worker encodes; B joins the migrated database.
    a = startInstance(FIRST_PORT, 1);
    await waitForHealth(a);
    b = startInstance(FIRST_PORT + 1, 0);
    await waitForHealth(b);
    await expect
      .poll(
        async () => {
          const page = (await (await fetch(`${b.url}/api/feed?limit=1`)).json()) as { items: { media: { status: string; type: string }[] }[] };
          return page.items.some((item) => item.media.some((media) => media.type === "video" && media.status === "ready"));
        },
        { timeout: READY_TIMEOUT_MS, intervals: [1000] },
      )
      .toBe(true);
  });

  test.afterAll(async () => {
    await Promise.all(instances.map(stopInstance));
    await admin(`drop database if exists ${databaseName} with (force)`);
  });

  test("a comment posted through instance A appears in a drawer open on instance B within a second", async ({ browser }) => {
    const api = await apiRequest.newContext({ baseURL: a.url });
    const context = await browser.newContext({ baseURL: b.url });
    try {
      const email = `e2e-${Date.now()}-${randomBytes(3).toString("hex")}@example.test`;
      const signUp = await signUpViaApi(api, {
        headers: { origin: a.url },
        data: { email, password: "correct-horse-battery", name: "Instance A Shopper" },
      });
      expect(signUp.status()).toBe(200);

      // A visitor who chose a marketplace today: the shell's picker (000 §4) never covers the drawer.
      await asReturningVisitor(context, api);
      const page = await context.newPage();
      const { items } = (await (await api.get("/api/feed?limit=1")).json()) as { items: { id: string }[] };
      // Similar mode puts this product first, so the current card is known.
      await page.goto(`/?similar=${items[0]!.id}`);

      const realtimeReady = await recordRealtimeReady(page);
      const comments = page.waitForResponse((r) => /\/api\/media\/[^/]+\/comments/.test(r.url()));
      await page.locator('section[aria-current="true"]').getByRole("button", { name: "Comments" }).click();
      const mediaId = /\/api\/media\/([^/]+)\//.exec((await comments).url())![1]!;
      await realtimeReady(`comments:${mediaId}`);
      const listRequests: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "GET" && new URL(request.url()).pathname === `/api/media/${mediaId}/comments`) listRequests.push(request.url());
      });

      const text = `across instances ${Date.now()}`;
      const posted = await api.post(`/api/media/${mediaId}/comments`, { headers: { origin: a.url }, data: { comment: text } });
      expect(posted.status()).toBe(201);
      await expect(page.getByRole("dialog", { name: "Comments" }).getByText(text)).toBeVisible({ timeout: 1000 });
      // Applied from the event itself (decision 205): the open list was not asked for again.
      expect(listRequests).toEqual([]);
    } finally {
      await Promise.all([context.close(), api.dispose()]);
    }
  });
});

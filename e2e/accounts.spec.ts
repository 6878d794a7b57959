import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { expect, type Page, test } from "@playwright/test";
import { signUpViaApi } from "./support/sign-up.ts";

const run = promisify(execFile);
const REPO_ROOT = path.resolve(import.meta.dirname, "..");

const PASSWORD = "correct-horse-battery";
const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;

async function createAccount(page: Page, email: string) {
  await page.getByRole("button", { name: "Create an account" }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
}

// The shell's marketplace picker opens on a first visit and for signed-in users without a
// preference; whenever it covers the page, choose the first marketplace and carry on.
test.beforeEach(async ({ page }) => {
  await page.addLocatorHandler(page.getByRole("dialog", { name: "Step Into Their World" }), async (dialog) => {
    await dialog.getByRole("radio").first().click();
    await expect(dialog).toBeHidden();
  });
});

// A tiny valid PNG (1x1, red) built in the test so nothing is read from disk.
const PNG_1X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==",
  "base64",
);

test("signed out, /cart redirects to /auth with a toast, and sign-up returns there", async ({ page }) => {
  await page.goto("/cart");
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText("Authentication required")).toBeVisible();
  await expect(page.getByText("Please log in to access this page.")).toBeVisible();
  await createAccount(page, uniqueEmail("cart"));
  await expect(page).toHaveURL(/\/cart$/);
});

test("create an account, sign out, sign in, land back where you were; profile and edits", async ({ page }) => {
  const email = uniqueEmail("jane.doe");
  await page.goto("/auth");
  await expect(page.getByLabel("Email")).toBeVisible();
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("You must provide either an email or phone number and a password")).toBeVisible();

  await page.getByRole("button", { name: "Create an account" }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("password");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Password is too common")).toBeVisible();
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto("/profile");
  const localPart = email.split("@")[0]!;
  await expect(page.getByRole("heading", { name: localPart })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText("No saved items")).toBeVisible();
  await expect(page.getByText("Loading...", { exact: true })).toBeHidden();
  await page.screenshot({ path: "/tmp/accounts-profile.png" });

  await page.getByRole("button", { name: "Edit" }).click();
  await expect(page.getByLabel("Email")).toHaveAttribute("readonly", "");
  await page.getByLabel("First Name").fill("  Jane ");
  await page.getByLabel("Last Name").fill(" Doe  ");
  await page.screenshot({ path: "/tmp/accounts-edit.png" });
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Profile updated")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Jane Doe" })).toBeVisible();

  // Avatar: a PNG is accepted and shown; a text file renamed .png and a 6 MB image are refused.
  await page.getByRole("button", { name: "Edit" }).click();
  const chooser = page.getByLabel("Avatar image");
  await chooser.setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG_1X1 });
  await expect(page.getByText("Avatar updated")).toBeVisible();
  await chooser.setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("hello, this is text") });
  await expect(page.getByText("Invalid file type")).toBeVisible();
  await expect(page.getByText("Please select an image file")).toBeVisible();
  const big = Buffer.alloc(6 * 1024 * 1024);
  PNG_1X1.copy(big);
  await chooser.setInputFiles({ name: "big.png", mimeType: "image/png", buffer: big });
  await expect(page.getByText("File too large")).toBeVisible();
  await expect(page.getByText("Please select an image smaller than 5MB")).toBeVisible();
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.locator("header img")).toHaveAttribute("src", /\/media\/avatars\/.+\.webp$/);

  await page.getByRole("button", { name: "Sign Out", exact: true }).click();
  await expect(page.getByText("Signed out")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await page.goto("/profile");
  await expect(page).toHaveURL(/\/auth$/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Invalid email or password")).toBeVisible();
  await page.getByLabel("Password").fill(PASSWORD);
  await page.screenshot({ path: "/tmp/accounts-auth.png" });
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole("heading", { name: "Jane Doe" })).toBeVisible();
});

test("a signed-in non-admin visiting /admin goes home with 'Unauthorized'", async ({ page }) => {
  await page.goto("/auth");
  await createAccount(page, uniqueEmail("visitor"));
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Unauthorized")).toBeVisible();
  await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
});

test("profile settings sign out other devices, then all devices, after confirmation", async ({ page, browser, baseURL }) => {
  const email = uniqueEmail("devices");
  await page.goto("/auth");
  await createAccount(page, email);
  await expect(page).toHaveURL(/\/$/);
  // A second device: its own browser context, signed in to the same account.
  const other = await browser.newContext({ baseURL });
  const signIn = await other.request.post("/api/auth/sign-in/email", { headers: { origin: baseURL! }, data: { email, password: PASSWORD } });
  expect(signIn.status()).toBe(200);
  expect((await other.request.get("/api/me")).status()).toBe(200);

  await page.goto("/profile");
  await page.getByRole("button", { name: /Sign out of other devices/ }).click();
  const confirmOthers = page.getByRole("dialog", { name: "Sign out of other devices?" });
  await confirmOthers.getByRole("button", { name: "Cancel" }).click();
  await expect(confirmOthers).toBeHidden();
  expect((await other.request.get("/api/me")).status()).toBe(200);
  await page.getByRole("button", { name: /Sign out of other devices/ }).click();
  await confirmOthers.getByRole("button", { name: "Sign out others" }).click();
  await expect(page.getByText("Signed out of other devices")).toBeVisible();
  expect((await other.request.get("/api/me")).status()).toBe(401);
  await page.reload();
  await expect(page.getByText(email)).toBeVisible();

  await page.getByRole("button", { name: /Sign out of all devices/ }).click();
  await page.getByRole("dialog", { name: "Sign out of all devices?" }).getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page.getByText("Signed out of all devices")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect((await page.request.get("/api/me")).status()).toBe(401);
  await other.close();
});

test("API: cross-origin POST refused, 4th rapid wrong sign-in is 429, old cookie 401 after sign-out", async ({ request, baseURL }) => {
  const email = uniqueEmail("api");
  const origin = { origin: baseURL! };
  const signUp = await signUpViaApi(request, { headers: origin, data: { email, password: PASSWORD, name: "api" } });
  expect(signUp.status()).toBe(200);
  const cookie = signUp.headers()["set-cookie"]!.split(";")[0]!;
  const evil = await request.patch("/api/me/profile", { headers: { origin: "https://evil.example", cookie }, data: { firstName: "x" } });
  expect(evil.status()).toBe(403);
  const out = await request.post("/api/auth/sign-out", { headers: { ...origin, cookie }, data: {} });
  expect(out.status()).toBe(200);
  expect((await request.get("/api/me", { headers: { cookie } })).status()).toBe(401);
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++) {
    const response = await request.post("/api/auth/sign-in/email", { headers: origin, data: { email, password: "wrong-password-1" } });
    statuses.push(response.status());
  }
  expect(statuses.at(-1)).toBe(429);
});

// Last: when server sources changed since the build, the CLI rebuilds the server bundle first (never the
// web files the running server serves).
test("npm run admin grants the role while the server runs; a reload opens /admin", async ({ page }) => {
  // The CLI may rebuild the server bundle first: allow for it.
  test.setTimeout(180_000);
  const email = uniqueEmail("promoted");
  await page.goto("/auth");
  await createAccount(page, email);
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Unauthorized")).toBeVisible();

  // The real CLI, on the e2e server's data directory: the server holds it, so the CLI goes through its control socket.
  const { DATABASE_URL: _postgres, ...env } = process.env;
  const { stdout } = await run(process.execPath, ["scripts/run-server-script.mjs", "admin", "grant", email], {
    cwd: REPO_ROOT,
    env: { ...env, DATA_DIR: process.env.E2E_DATA_DIR, LOG_LEVEL: "warn" },
  });
  expect(stdout).toContain(`${email} is now an admin.`);

  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
});

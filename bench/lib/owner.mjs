import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

/**
 * A shop owner for the admin scenarios: signs up through the running server, then gets the admin
 * role through the real CLI (`npm run admin -- grant`) against the scenario's store. Resolves to the
 * headers an admin request needs.
 */
export async function signUpOwner(baseUrl, root, store) {
  const email = `bench-owner-${Date.now()}@example.test`;
  const signUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ email, password: "correct-horse-battery", name: "Bench Owner" }),
  });
  if (!signUp.ok) throw new Error(`sign-up answered ${signUp.status}`);
  const cookie = signUp.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  const inherited = { ...process.env };
  delete inherited.DATABASE_URL;
  await run(process.execPath, ["scripts/run-server-script.mjs", "admin", "grant", email], { cwd: root, env: { ...inherited, LOG_LEVEL: "warn", ...store.env } });
  return { cookie, origin: baseUrl };
}

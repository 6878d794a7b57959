/**
 * Polls `check` every 20 ms until it holds, or throws `what` after `timeoutMs`: pg_notify reaches
 * PostgreSQL's listeners asynchronously (PGlite delivers it with the write), so what a notification
 * causes is awaited, not assumed.
 */
export async function eventually(check: () => Promise<boolean>, what = "never happened", timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(what);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * The error `query` failed with, or undefined, for `client.release(...)`: a pooled connection that
 * failed to end its transaction or free its lock is then destroyed instead of pooled, so no later
 * checkout runs inside what it left open (PostgreSQL ends both with the connection's session).
 */
export function failureOf(query: Promise<unknown>): Promise<Error | undefined> {
  return query.then(
    () => undefined,
    (error: Error) => error,
  );
}

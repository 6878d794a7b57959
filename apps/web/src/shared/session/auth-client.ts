import { REQUEST_TIMEOUT_MS } from "@reelmart/core/constants";

/**
 * The caller for better-auth's endpoints (/api/auth/*): POST with a JSON body, or GET for the reads
 * (get-session) when asked; its errors keep better-auth's
 * codes and a weak password's reasons. The server answers them in the API's `{ error: {...} }` shape.
 */
export class AuthRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly reasons: string[] = [],
    /** The field a validation refusal names ("email"), as the API's error body gives it. */
    readonly field?: string,
  ) {
    super(message);
  }
}

export async function authRequest<T>(path: string, body?: unknown, method: "GET" | "POST" = "POST"): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api/auth${path}`, {
      method,
      credentials: "same-origin",
      ...(method === "POST" ? { headers: { "Content-Type": "application/json" }, body: JSON.stringify(body ?? {}) } : {}),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch {
    throw new AuthRequestError(0, "network", "Network connection lost");
  }
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    // swallowed: a body that is not JSON (a proxy's error page) leaves the status to answer.
    data = undefined;
  }
  if (!response.ok) {
    const error = (data as { error?: { code?: string; message?: string; reasons?: unknown; field?: string } } | undefined)?.error ?? {};
    const reasons = Array.isArray(error.reasons) ? error.reasons.filter((r): r is string => typeof r === "string") : [];
    throw new AuthRequestError(response.status, error.code ?? `http_${response.status}`, error.message ?? response.statusText, reasons, error.field);
  }
  return data as T;
}

import { REQUEST_TIMEOUT_MS } from "@reelmart/core/constants";

/**
 * better-auth answers errors as `{ code, message, reasons? }` rather than our `{ error: {...} }`
 * envelope, so its endpoints (/api/auth/*) get this small caller instead of apiRequest.
 */
export class AuthRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly reasons: string[] = [],
  ) {
    super(message);
  }
}

export async function authRequest<T>(path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api/auth${path}`, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body ?? {}),
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
    data = undefined;
  }
  if (!response.ok) {
    const error = (data ?? {}) as { code?: string; message?: string; reasons?: unknown; error?: { code?: string; message?: string } };
    const code = error.code ?? error.error?.code ?? (response.status === 429 ? "RATE_LIMITED" : `http_${response.status}`);
    const reasons = Array.isArray(error.reasons) ? error.reasons.filter((r): r is string => typeof r === "string") : [];
    throw new AuthRequestError(response.status, code, error.message ?? error.error?.message ?? response.statusText, reasons);
  }
  return data as T;
}

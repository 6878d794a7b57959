import { ApiRequestError } from "../../../shared/api/client.ts";

/**
 * POSTs one image as multipart field 'file' (apiRequest only speaks JSON); the server checks the
 * bytes. Errors come back as the same ApiRequestError the JSON requests throw.
 */
export async function uploadImage<T>(path: string, file: File): Promise<T> {
  const form = new FormData();
  form.set("file", file);
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { method: "POST", body: form, credentials: "same-origin" });
  } catch {
    throw new ApiRequestError(0, "network", "Network connection lost");
  }
  // swallowed: a body that is not JSON (a proxy's error page) leaves the status to answer below.
  const body = (await response.json().catch(() => null)) as (T & { error?: { code: string; message: string; field?: string } }) | null;
  if (!response.ok || !body) {
    throw new ApiRequestError(response.status, body?.error?.code ?? `http_${response.status}`, body?.error?.message ?? response.statusText, body?.error?.field);
  }
  return body;
}

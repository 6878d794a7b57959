import * as tus from "tus-js-client";
import type { TestUser } from "./users.ts";

export interface UploadOutcome {
  url: string | null;
  status: number;
  body: string;
}

/** Uploads through the real tus client over HTTP, as the browser does; resolves with the last answer. */
export function tusUpload(base: string, user: TestUser, data: Buffer, metadata: Record<string, string>, options: Partial<tus.UploadOptions> = {}): Promise<UploadOutcome> {
  return new Promise((resolve) => {
    const upload = new tus.Upload(data, {
      endpoint: `${base}/api/uploads`,
      headers: { cookie: user.cookie, origin: "http://localhost:3000" },
      metadata,
      retryDelays: [],
      ...options,
      onSuccess: (payload) => resolve({ url: upload.url, status: payload.lastResponse.getStatus(), body: payload.lastResponse.getBody() }),
      onError: (error) => {
        const response = (error as tus.DetailedError).originalResponse;
        resolve({ url: upload.url, status: response?.getStatus() ?? 0, body: response?.getBody() ?? String(error) });
      },
    });
    upload.start();
  });
}

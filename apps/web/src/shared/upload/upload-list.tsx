import type { MediaProgressEvent } from "@reelmart/core/api/media";
import { Pause, Play, RotateCcw, X } from "lucide-react";
import { Button } from "../ui/button.tsx";
import type { UploadItem } from "./use-resumable-uploads.ts";

/** The latest progress event of each media's processing job, by media id (the admin's progress stream). */
export type ProcessingEvents = Record<string, MediaProgressEvent>;

const uploadPercent = (item: UploadItem) => (item.size ? Math.floor((item.bytesSent / item.size) * 100) : 0);

/** How a stored file's processing ended, once its job has said so; null while it runs or waits. */
function processingOutcome(item: UploadItem, processing: ProcessingEvents): MediaProgressEvent | null {
  const event = item.status === "processing" && item.result?.mediaId ? processing[item.result.mediaId] : undefined;
  return event?.status === "done" || event?.status === "failed" ? event : null;
}

function statusText(item: UploadItem, outcome: MediaProgressEvent | null): string {
  if (item.status === "failed") return `Upload failed: ${item.error ?? "unknown reason"}`;
  if (item.status === "paused") return `Paused at ${uploadPercent(item)}%`;
  if (outcome?.status === "done") return "Uploaded and ready";
  if (outcome?.status === "failed") return `Processing failed: ${outcome.error ?? "unknown reason"}`;
  if (item.status === "processing") return "Uploaded, processing…";
  return `Uploading ${uploadPercent(item)}%`;
}

/**
 * The uploads of useResumableUploads, each with its progress bar and pause, resume, retry, dismiss.
 * A stored file then says what its processing came to, as `processing` reports it.
 */
export function UploadList({
  items,
  processing,
  onPause,
  onResume,
  onDismiss,
}: {
  items: UploadItem[];
  processing: ProcessingEvents;
  onPause: (key: string) => void;
  onResume: (key: string) => void;
  onDismiss: (key: string) => void;
}) {
  if (!items.length) return null;
  return (
    <ul className="mt-3 flex flex-col gap-2" aria-label="Uploads">
      {items.map((item) => {
        const outcome = processingOutcome(item, processing);
        const failed = item.status === "failed" || outcome?.status === "failed";
        return (
          <li key={item.key} className="rounded-xl border border-neutral-800 p-3">
            <div className="flex items-center justify-between gap-2">
              <span className="min-w-0 truncate text-sm text-white">{item.name}</span>
              <div className="flex shrink-0 items-center gap-1">
                {item.status === "uploading" ? (
                  <Button variant="ghost" size="icon" aria-label={`Pause ${item.name}`} onClick={() => onPause(item.key)}>
                    <Pause className="size-4" aria-hidden="true" />
                  </Button>
                ) : null}
                {item.status === "paused" ? (
                  <Button variant="ghost" size="icon" aria-label={`Resume ${item.name}`} onClick={() => onResume(item.key)}>
                    <Play className="size-4" aria-hidden="true" />
                  </Button>
                ) : null}
                {item.status === "failed" ? (
                  <Button variant="ghost" size="icon" aria-label={`Retry ${item.name}`} onClick={() => onResume(item.key)}>
                    <RotateCcw className="size-4" aria-hidden="true" />
                  </Button>
                ) : null}
                <Button variant="ghost" size="icon" aria-label={`Dismiss ${item.name}`} onClick={() => onDismiss(item.key)}>
                  <X className="size-4" aria-hidden="true" />
                </Button>
              </div>
            </div>
            <div
              role="progressbar"
              aria-label={`${item.name} upload progress`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={uploadPercent(item)}
              className="mt-2 h-1.5 overflow-hidden rounded-full bg-neutral-800"
            >
              <div className={`h-full ${item.status === "failed" ? "bg-red-500" : "bg-rose-500"}`} style={{ width: `${uploadPercent(item)}%` }} />
            </div>
            <p className={`mt-1 text-xs ${failed ? "text-red-400" : "text-neutral-400"}`} role={failed ? "alert" : undefined}>
              {statusText(item, outcome)}
            </p>
          </li>
        );
      })}
    </ul>
  );
}

import { Pause, Play, RotateCcw, X } from "lucide-react";
import { Button } from "../ui/button.tsx";
import type { UploadItem } from "./use-resumable-uploads.ts";

const uploadPercent = (item: UploadItem) => (item.size ? Math.floor((item.bytesSent / item.size) * 100) : 0);

function statusText(item: UploadItem): string {
  if (item.status === "failed") return `Upload failed: ${item.error ?? "unknown reason"}`;
  if (item.status === "paused") return `Paused at ${uploadPercent(item)}%`;
  if (item.status === "processing") return "Uploaded, processing…";
  return `Uploading ${uploadPercent(item)}%`;
}

/** The uploads of useResumableUploads, each with its progress bar and pause, resume, retry, dismiss. */
export function UploadList({
  items,
  onPause,
  onResume,
  onDismiss,
}: {
  items: UploadItem[];
  onPause: (key: string) => void;
  onResume: (key: string) => void;
  onDismiss: (key: string) => void;
}) {
  if (!items.length) return null;
  return (
    <ul className="mt-3 flex flex-col gap-2" aria-label="Uploads">
      {items.map((item) => (
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
          <p className={`mt-1 text-xs ${item.status === "failed" ? "text-red-400" : "text-neutral-400"}`} role={item.status === "failed" ? "alert" : undefined}>
            {statusText(item)}
          </p>
        </li>
      ))}
    </ul>
  );
}

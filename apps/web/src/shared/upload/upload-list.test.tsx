import type { MediaProgressEvent } from "@reelmart/core/api/media";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { type ProcessingEvents, UploadList } from "./upload-list.tsx";
import type { UploadItem } from "./use-resumable-uploads.ts";

/** A file whose last byte the server stored: its media is now being processed. */
function stored(name: string, mediaId: string): UploadItem {
  return { key: name, name, size: 1000, bytesSent: 1000, status: "processing", error: null, result: { mediaId, status: "processing" } };
}

function jobEvent(mediaId: string, status: MediaProgressEvent["status"], error?: string): MediaProgressEvent {
  return { jobId: `job-${mediaId}`, mediaId, submissionId: null, stage: status === "running" ? "transcode" : status, progress: status === "done" ? 100 : 40, status, error };
}

const noop = () => undefined;
const items = [stored("front.mp4", "m1"), stored("back.jpg", "m2")];

function renderList(processing: ProcessingEvents) {
  return render(<UploadList items={items} processing={processing} onPause={noop} onResume={noop} onDismiss={noop} />);
}

const row = (name: string) => within(screen.getByRole("list", { name: "Uploads" })).getByText(name).closest("li")!;

describe("UploadList", () => {
  it("says each stored file is processing until its job ends, then that it is ready", () => {
    const { rerender } = renderList({ m1: jobEvent("m1", "running") });
    expect(row("front.mp4")).toHaveTextContent("Uploaded, processing…");
    expect(row("back.jpg")).toHaveTextContent("Uploaded, processing…");

    const done = { m1: jobEvent("m1", "done"), m2: jobEvent("m2", "done") };
    rerender(<UploadList items={items} processing={done} onPause={noop} onResume={noop} onDismiss={noop} />);
    expect(row("front.mp4")).toHaveTextContent("Uploaded and ready");
    expect(row("back.jpg")).toHaveTextContent("Uploaded and ready");
    expect(screen.queryByText("Uploaded, processing…")).not.toBeInTheDocument();
  });

  it("says why a file's processing failed, as an alert; a retry queued again is still processing", () => {
    renderList({ m1: jobEvent("m1", "failed", "The video could not be read"), m2: jobEvent("m2", "queued", "ffmpeg stopped") });
    expect(within(row("front.mp4")).getByRole("alert")).toHaveTextContent("Processing failed: The video could not be read");
    expect(row("back.jpg")).toHaveTextContent("Uploaded, processing…");
    expect(within(row("back.jpg")).queryByRole("alert")).not.toBeInTheDocument();
  });
});

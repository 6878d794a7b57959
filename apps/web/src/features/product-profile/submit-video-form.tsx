import { useQueryClient } from "@tanstack/react-query";
import { Video } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "../../shared/ui/toast.ts";
import { Button } from "../../shared/ui/button.tsx";
import { Dialog } from "../../shared/ui/dialog.tsx";
import { useUploadLimits } from "../../shared/upload/get-upload-limits.ts";
import { useResumableUploads } from "../../shared/upload/use-resumable-uploads.ts";
import { mySubmissionsQueryKey, useMySubmissions } from "../../shared/submissions/api/get-my-submissions.ts";

/** The clip's length from its metadata, read in the browser before anything is sent. */
function videoDuration(file: File): Promise<number | null> {
  return new Promise((resolve) => {
    const video = document.createElement("video");
    const url = URL.createObjectURL(file);
    const done = (value: number | null) => {
      URL.revokeObjectURL(url);
      resolve(value);
    };
    video.preload = "metadata";
    video.onloadedmetadata = () => done(Number.isFinite(video.duration) ? video.duration : null);
    video.onerror = () => done(null);
    video.src = url;
  });
}

/**
 * SubmitVideo for a signed-in shopper, in its own chunk: the upload code (tus, the upload API's
 * schemas) loads only for a shopper who can submit (decision 162). The video waits for an admin's
 * review before anyone else sees it (docs/decisions/091).
 */
export function SubmitVideoForm({ productId }: { productId: string }) {
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState("");
  const limits = useUploadLimits();
  const queryClient = useQueryClient();
  const mine = useMySubmissions(true);
  const waiting = mine.data?.items.filter((item) => item.productId === productId && (item.status === "pending" || item.status === "processing")).length ?? 0;
  const ids = { title: useId(), file: useId() };
  const { items, add, resume } = useResumableUploads({
    onFinished: () => {
      void queryClient.invalidateQueries({ queryKey: mySubmissionsQueryKey });
      toast.success("Thanks! Your video is waiting for review");
    },
  });
  const current = items[0];

  const onFile = async (file: File | undefined) => {
    if (!file || !limits.data) return;
    const seconds = await videoDuration(file);
    if (seconds !== null && seconds > limits.data.maxSubmissionSeconds + 0.5) {
      toast.error("Upload failed", { description: `Your video is ${Math.round(seconds)} s; videos can be at most ${limits.data.maxSubmissionSeconds} seconds long` });
      return;
    }
    await add([{ file, productId, purpose: "submission", title: title.trim() || undefined, maxBytes: limits.data.maxSubmissionBytes }]);
  };

  const percent = current?.size ? Math.floor((current.bytesSent / current.size) * 100) : 0;
  return (
    <div className="flex items-center justify-between gap-2 px-2 pb-3">
      <p className="text-xs text-neutral-400">{waiting ? `${waiting} of your videos ${waiting === 1 ? "is" : "are"} waiting for review` : "Bought or carted this? Share how it looks."}</p>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <Video aria-hidden="true" className="size-4" /> Share your video
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Share your video"
        description={
          limits.data
            ? `Up to ${limits.data.maxSubmissionSeconds} seconds and ${Math.round(limits.data.maxSubmissionBytes / 1048576)} MB. It appears after a review.`
            : undefined
        }
      >
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.title} className="text-sm text-neutral-300">
            Title (optional)
          </label>
          <input
            id={ids.title}
            value={title}
            maxLength={120}
            onChange={(event) => setTitle(event.target.value)}
            className="rounded-lg border border-neutral-700 bg-neutral-900 px-3 py-2 text-sm text-white"
          />
        </div>
        <label htmlFor={ids.file} className="inline-flex cursor-pointer items-center justify-center gap-2 rounded-full bg-rose-600 px-5 py-2 text-sm font-semibold text-white hover:bg-rose-700">
          Choose a video
        </label>
        <input
          id={ids.file}
          type="file"
          accept="video/*"
          className="sr-only"
          onChange={(event) => {
            void onFile(event.target.files?.[0]);
            event.target.value = "";
          }}
        />
        {current ? (
          <div>
            <div role="progressbar" aria-label="Upload progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="h-1.5 overflow-hidden rounded-full bg-neutral-800">
              <div className={`h-full ${current.status === "failed" ? "bg-red-500" : "bg-rose-500"}`} style={{ width: `${percent}%` }} />
            </div>
            <p className={`mt-1 text-xs ${current.status === "failed" ? "text-red-400" : "text-neutral-400"}`}>
              {current.status === "failed"
                ? `Upload failed: ${current.error ?? ""}`
                : current.status === "processing"
                  ? "Uploaded. Your video is waiting for review; its status is on your profile."
                  : `Uploading ${percent}%`}
            </p>
            {current.status === "failed" ? (
              <Button variant="link" onClick={() => resume(current.key)}>
                Retry
              </Button>
            ) : null}
          </div>
        ) : null}
      </Dialog>
    </div>
  );
}

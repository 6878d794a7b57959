import { useState } from "react";
import { AdminPageHeader } from "../components/admin-page-header.tsx";
import { useSubmissions } from "./api/get-submissions.ts";
import { useMediaProgress } from "./api/use-media-progress.ts";
import { MediaLibrary } from "./components/media-library.tsx";
import { MediaUploader } from "./components/media-uploader.tsx";
import { ModerationQueue } from "./components/moderation-queue.tsx";

/** /admin/media: upload, the media library, and the moderation queue for shoppers' videos. */
export function MediaPage() {
  const [tab, setTab] = useState<"library" | "moderation">("library");
  const progress = useMediaProgress();
  const pending = useSubmissions("pending");
  const waiting = pending.data?.items.length ?? 0;
  return (
    <div>
      <AdminPageHeader title="Media" description="Product videos and images, processing progress, and shoppers' videos waiting for review." />
      <MediaUploader processing={progress} />
      <div className="mt-6 mb-4 flex gap-2 border-b border-neutral-800" role="tablist" aria-label="Media views">
        <button
          type="button"
          role="tab"
          aria-selected={tab === "library"}
          onClick={() => setTab("library")}
          className="border-b-2 border-transparent px-3 py-2 text-sm text-neutral-300 aria-selected:border-rose-500 aria-selected:text-white"
        >
          Library
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={tab === "moderation"}
          onClick={() => setTab("moderation")}
          className="border-b-2 border-transparent px-3 py-2 text-sm text-neutral-300 aria-selected:border-rose-500 aria-selected:text-white"
        >
          Moderation{waiting ? ` (${waiting})` : ""}
        </button>
      </div>
      <div role="tabpanel">{tab === "library" ? <MediaLibrary progress={progress} /> : <ModerationQueue />}</div>
    </div>
  );
}

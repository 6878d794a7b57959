import type { Submission } from "@reelmart/core/api/media";
import { REJECT_REASON_MAX_LENGTH } from "@reelmart/core/api/media";
import { formatDateTime } from "@reelmart/core/format";
import { useId, useState } from "react";
import { Button } from "../../../../shared/ui/button.tsx";
import { Spinner } from "../../../../shared/ui/spinner.tsx";
import { type SubmissionFilter, useSubmissions } from "../api/get-submissions.ts";
import { useModerateSubmission } from "../api/moderate-submission.ts";

const FILTERS: Array<{ value: SubmissionFilter; label: string }> = [
  { value: "pending", label: "Waiting for review" },
  { value: "processing", label: "Processing" },
  { value: "approved", label: "Approved" },
  { value: "rejected", label: "Rejected" },
  { value: "failed", label: "Failed" },
];

/** Shoppers' videos: play, approve (it joins the product's UGC tab and the feed) or reject with a reason. */
export function ModerationQueue() {
  const [filter, setFilter] = useState<SubmissionFilter>("pending");
  const submissions = useSubmissions(filter);
  return (
    <section aria-label="Shopper video submissions">
      <div className="mb-4 flex flex-wrap gap-2" role="group" aria-label="Show">
        {FILTERS.map((option) => (
          <button
            key={option.value}
            type="button"
            aria-pressed={filter === option.value}
            onClick={() => setFilter(option.value)}
            className="rounded-full border border-neutral-700 px-3 py-1.5 text-sm text-neutral-200 aria-pressed:bg-white aria-pressed:text-black"
          >
            {option.label}
          </button>
        ))}
      </div>
      {submissions.isPending ? <Spinner /> : null}
      {submissions.isSuccess && !submissions.data.items.length ? <p className="text-sm text-neutral-400">Nothing here.</p> : null}
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {submissions.data?.items.map((submission) => <SubmissionCard key={submission.id} submission={submission} />)}
      </ul>
    </section>
  );
}

function SubmissionCard({ submission }: { submission: Submission }) {
  const moderate = useModerateSubmission();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState("");
  const reasonId = useId();
  const label = submission.title ?? `Video by ${submission.userName}`;
  return (
    <li className="flex flex-col gap-2 rounded-2xl border border-neutral-800 bg-neutral-950 p-3" aria-label={label}>
      {submission.previewUrl ? (
        <video controls playsInline preload="metadata" poster={submission.posterUrl ?? undefined} src={submission.previewUrl} className="aspect-[9/16] max-h-80 w-full rounded-lg bg-black object-contain" />
      ) : (
        <div className="flex aspect-video items-center justify-center rounded-lg bg-neutral-900 text-sm text-neutral-400">
          {submission.status === "processing" ? `Processing ${submission.job?.progress ?? 0}%` : "No preview"}
        </div>
      )}
      <p className="text-sm font-medium text-white">{label}</p>
      <p className="text-xs text-neutral-400">
        {submission.userName} · {submission.productTitle} · {formatDateTime(submission.createdAt)}
        {submission.durationSeconds ? ` · ${submission.durationSeconds.toFixed(1)} s` : ""}
      </p>
      {submission.reason ? <p className="text-xs text-red-300">Reason: {submission.reason}</p> : null}
      {submission.status === "pending" && !rejecting ? (
        <div className="flex gap-2">
          <Button size="sm" onClick={() => moderate.mutate({ id: submission.id, approve: true })} disabled={moderate.isPending}>
            Approve
          </Button>
          <Button size="sm" variant="outline" onClick={() => setRejecting(true)}>
            Reject
          </Button>
        </div>
      ) : null}
      {rejecting ? (
        <form
          className="flex flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (!reason.trim()) return;
            moderate.mutate({ id: submission.id, approve: false, reason: reason.trim() });
          }}
        >
          <label htmlFor={reasonId} className="text-xs text-neutral-300">
            Reason the shopper will see
          </label>
          <input
            id={reasonId}
            value={reason}
            maxLength={REJECT_REASON_MAX_LENGTH}
            onChange={(event) => setReason(event.target.value)}
            className="rounded-lg border border-neutral-700 bg-neutral-900 px-3 py-2 text-sm text-white"
            required
          />
          <div className="flex gap-2">
            <Button size="sm" type="submit" disabled={!reason.trim() || moderate.isPending}>
              Reject video
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setRejecting(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : null}
    </li>
  );
}

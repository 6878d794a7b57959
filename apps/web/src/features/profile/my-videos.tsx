import type { Submission } from "@reelmart/core/api/media";
import { Link } from "react-router";
import { useMySubmissions } from "../../shared/submissions/api/get-my-submissions.ts";

const STATUS: Record<Submission["status"], { label: string; style: string }> = {
  processing: { label: "Processing", style: "bg-amber-900/60 text-amber-200" },
  pending: { label: "Waiting for review", style: "bg-sky-900/60 text-sky-200" },
  approved: { label: "Published", style: "bg-emerald-900/60 text-emerald-200" },
  rejected: { label: "Not approved", style: "bg-red-900/60 text-red-200" },
  failed: { label: "Could not be processed", style: "bg-red-900/60 text-red-200" },
};

/** The shopper's submitted videos and where each stands (hidden until they have submitted one). */
export function MyVideos() {
  const submissions = useMySubmissions(true);
  const items = submissions.data?.items ?? [];
  if (!items.length) return null;
  return (
    <section aria-labelledby="my-videos-heading" className="mt-8">
      <h2 id="my-videos-heading" className="mb-2 text-sm font-semibold tracking-wide text-neutral-400 uppercase">
        My videos
      </h2>
      <ul className="flex flex-col gap-2">
        {items.map((item) => (
          <li key={item.id} className="flex items-center gap-3 rounded-2xl border border-neutral-800 bg-neutral-950 p-3">
            {item.posterUrl ? <img src={item.posterUrl} alt="" className="h-16 w-9 shrink-0 rounded object-cover" loading="lazy" /> : <div className="h-16 w-9 shrink-0 rounded bg-neutral-800" />}
            <div className="min-w-0 flex-1">
              <Link to={`/product-profile/${item.productId}`} className="block truncate text-sm font-medium text-white hover:underline">
                {item.title ?? item.productTitle}
              </Link>
              <p className="truncate text-xs text-neutral-400">{item.productTitle}</p>
              {item.reason ? <p className="text-xs text-red-300">{item.reason}</p> : null}
            </div>
            <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs ${STATUS[item.status].style}`}>{STATUS[item.status].label}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

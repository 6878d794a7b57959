import { CreateReviewBodySchema, REVIEW_MAX_LENGTH } from "@reelmart/core/api/reviews";
import { formatDay } from "@reelmart/core/format";
import { type FormEvent, useState } from "react";
import { Link, useLocation } from "react-router";
import { toast } from "../../shared/ui/toast.ts";
import { Stars } from "../../shared/product/stars.tsx";
import { signInReturnState } from "../../shared/session/sign-in-return.ts";
import { useSession } from "../../shared/session/use-session.ts";
import { Button } from "../../shared/ui/button.tsx";
import { shopperMessage } from "../../shared/api/shopper-message.ts";
import { EmptyState } from "../../shared/ui/empty-state.tsx";
import { Spinner } from "../../shared/ui/spinner.tsx";
import { useCreateReview } from "./api/create-review.ts";
import { useReviews } from "./api/get-reviews.ts";

export function ReviewsTab({ productId }: { productId: string }) {
  const reviews = useReviews(productId);
  const { status } = useSession();
  const location = useLocation();

  if (reviews.isPending) return <Spinner label="Loading reviews" className="py-10" />;
  if (reviews.isError) return <EmptyState title="Could not load reviews" description={shopperMessage(reviews.error)} />;
  const { items, viewerHasReviewed } = reviews.data;

  return (
    <div className="flex flex-col gap-4">
      {status === "signed-in" && !viewerHasReviewed ? <ReviewForm productId={productId} /> : null}
      {status === "anonymous" ? (
        <p className="text-sm text-neutral-400">
          <Link to="/auth" state={signInReturnState(location)} className="font-medium text-white underline">
            Sign in
          </Link>{" "}
          to write a review.
        </p>
      ) : null}
      {items.length === 0 ? (
        <EmptyState title="No reviews yet" description="Be the first to review this product" />
      ) : (
        <ul aria-label="Reviews" className="divide-y divide-neutral-900">
          {items.map((review) => (
            <li key={review.id} className="py-3">
              <div className="flex items-center justify-between gap-2">
                <Stars value={review.rating} />
                <time dateTime={review.createdAt} className="text-xs text-neutral-400">
                  {formatDay(review.createdAt)}
                </time>
              </div>
              <p className="mt-1 text-sm font-medium">
                {review.authorName}
                {review.isMine ? <span className="ml-2 text-xs font-normal text-neutral-400">(you)</span> : null}
              </p>
              {review.body ? <p className="mt-1 text-sm whitespace-pre-line text-neutral-300">{review.body}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ReviewForm({ productId }: { productId: string }) {
  const [rating, setRating] = useState(0);
  const [body, setBody] = useState("");
  const [error, setError] = useState<string | null>(null);
  const create = useCreateReview(productId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The server's schema checks first, so the form refuses in the words the server would answer with.
    const review = CreateReviewBodySchema.safeParse({ rating, body });
    if (!review.success) {
      setError(review.error.issues[0]!.message);
      return;
    }
    setError(null);
    create.mutate(
      { rating, body },
      {
        onSuccess: () => toast.success("Review posted"),
        onError: (failure) => setError(shopperMessage(failure)),
      },
    );
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-3 rounded-2xl border border-neutral-800 bg-neutral-950 p-4" aria-labelledby="write-review">
      <h3 id="write-review" className="text-sm font-semibold">
        Write a review
      </h3>
      <fieldset className="flex gap-1">
        <legend className="sr-only">Rating</legend>
        {[1, 2, 3, 4, 5].map((star) => (
          <label key={star} className="cursor-pointer rounded has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-white">
            <input type="radio" name="rating" value={star} checked={rating === star} onChange={() => setRating(star)} className="sr-only" />
            <span className="sr-only">{star} {star === 1 ? "star" : "stars"}</span>
            <svg aria-hidden="true" viewBox="0 0 24 24" className={`size-7 ${star <= rating ? "fill-amber-400 text-amber-400" : "fill-none text-neutral-600"}`} stroke="currentColor" strokeWidth="2">
              <path d="M12 2l3.09 6.26L22 9.27l-5 4.87 1.18 6.88L12 17.77l-6.18 3.25L7 14.14 2 9.27l6.91-1.01L12 2z" />
            </svg>
          </label>
        ))}
      </fieldset>
      <label className="flex flex-col gap-1 text-sm">
        <span className="sr-only">Your review</span>
        <textarea
          value={body}
          maxLength={REVIEW_MAX_LENGTH}
          rows={3}
          placeholder="Share what you think of this product"
          onChange={(event) => setBody(event.target.value)}
          className="resize-none rounded-lg border border-neutral-700 bg-neutral-900 px-3 py-2 text-white placeholder:text-neutral-500"
        />
        <span className="self-end text-xs text-neutral-400" aria-live="polite">
          {body.length}/{REVIEW_MAX_LENGTH}
        </span>
      </label>
      {error ? (
        <p role="alert" className="text-sm text-rose-400">
          {error}
        </p>
      ) : null}
      <Button variant="inverse" type="submit" disabled={create.isPending} className="self-end">
        {create.isPending ? "Posting..." : "Post review"}
      </Button>
    </form>
  );
}

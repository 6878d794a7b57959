import type { Comment } from "@reelmart/core/engagement";
import { COMMENT_MAX_LENGTH } from "@reelmart/core/engagement";
import { formatRelativeTime } from "@reelmart/core/format";
import { Pencil, Send, Trash2 } from "lucide-react";
import { baseProductId } from "@reelmart/core/ids";
import { type FormEvent, useEffect, useState } from "react";
import { Link } from "react-router";
import { toast } from "../ui/toast.ts";
import { ApiRequestError } from "../api/client.ts";
import { shopperMessage } from "../api/shopper-message.ts";
import { Button } from "../ui/button.tsx";
import { Drawer } from "../ui/drawer.tsx";
import { type SessionUser, useSession } from "../session/use-session.ts";
import { useOnlineStatus } from "./use-online-status.ts";
import { useCreateComment } from "./api/create-comment.ts";
import { useDeleteComment } from "./api/delete-comment.ts";
import { useComments } from "./api/get-comments.ts";
import { useUpdateComment } from "./api/update-comment.ts";

export interface CommentsDrawerProps {
  mediaId: string;
  /** The video's product: a signed-out visitor's 'Sign in to comment' returns to this video. */
  productId: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** The 'Comments' drawer (001 §2, §5, §8). */
export function CommentsDrawer({ mediaId, productId, open, onOpenChange }: CommentsDrawerProps) {
  return (
    <Drawer open={open} onOpenChange={onOpenChange} title="Comments" description="Comments on this video" className="max-h-[75vh]">
      {open && <CommentsBody mediaId={mediaId} productId={productId} />}
    </Drawer>
  );
}

function CommentsBody({ mediaId, productId }: { mediaId: string; productId: string }) {
  const online = useOnlineStatus();
  const { user } = useSession();
  const { query, comments, valid } = useComments(mediaId, true);

  useEffect(() => {
    if (query.isError) {
      toast.error("Error loading comments", {
        id: `comments-error-${mediaId}`,
        description: online ? "Please try again later" : "Please check your internet connection",
      });
    }
  }, [query.isError, online, mediaId]);

  if (!valid) return <p className="px-4 py-10 text-center text-sm text-gray-500">Invalid media ID</p>;

  // A fetch with no data yet goes back to pending (dropping the error), so 'Try again' would show
  // the first-load text; errorUpdateCount remembers the failure and keeps the error panel up.
  const failedBefore = query.errorUpdateCount > 0;
  const retrying = query.isFetching && (query.failureCount > 0 || failedBefore);
  return (
    <>
      <div className="min-h-40 flex-1 overflow-y-auto px-4" aria-live="polite">
        {query.isPending && !failedBefore ? (
          <p className="py-10 text-center text-sm text-gray-500">{retrying ? "Retrying..." : "Loading comments..."}</p>
        ) : failedBefore && comments.length === 0 && (query.isError || query.isPending) ? (
          <div className="flex flex-col items-center gap-2 py-10 text-center">
            <p className="font-medium">Error loading comments</p>
            <p className="text-sm text-gray-500">{online ? "Failed to load comments" : "Network connection lost"}</p>
            <Button variant="solid" className="mt-2" disabled={retrying} onClick={() => void query.refetch()}>
              {retrying ? "Retrying..." : "Try again"}
            </Button>
          </div>
        ) : comments.length === 0 ? (
          <div className="py-10 text-center">
            <p className="font-medium">No comments yet</p>
            <p className="text-sm text-gray-500">Be the first to comment</p>
          </div>
        ) : (
          <ul className="flex flex-col gap-4 py-2">
            {comments.map((comment) => (
              <CommentRow key={comment.id} comment={comment} mediaId={mediaId} viewer={user} />
            ))}
            {query.hasNextPage && (
              <li className="text-center">
                <Button variant="bare" className="text-sm text-gray-600 underline" onClick={() => void query.fetchNextPage()}>
                  {query.isFetchingNextPage ? "Loading..." : "Load more"}
                </Button>
              </li>
            )}
          </ul>
        )}
      </div>
      <CommentInput mediaId={mediaId} productId={productId} online={online} />
    </>
  );
}

function CommentRow({ comment, mediaId, viewer }: { comment: Comment; mediaId: string; viewer: SessionUser | null }) {
  const edit = useUpdateComment(mediaId);
  const remove = useDeleteComment(mediaId);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(comment.comment);
  const mine = viewer?.id === comment.userId;
  const canDelete = mine || viewer?.isAdmin === true;
  const name = comment.authorName || "Anonymous";

  function save(event: FormEvent) {
    event.preventDefault();
    const text = draft.trim();
    if (!text) return;
    edit.mutate(
      { id: comment.id, comment: text },
      {
        onSuccess: () => setEditing(false),
        onError: () => toast.error("Error", { description: "Failed to update comment" }),
      },
    );
  }

  return (
    <li className="flex gap-3">
      {comment.authorAvatar ? (
        <img src={comment.authorAvatar} alt="" className="size-8 shrink-0 rounded-full object-cover" />
      ) : (
        <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-gray-200 text-xs font-semibold" aria-hidden>
          {name.charAt(0).toUpperCase()}
        </span>
      )}
      <div className="min-w-0 flex-1">
        <p className="text-xs text-gray-500">
          <span className="font-semibold text-gray-900">{name}</span> · {formatRelativeTime(comment.createdAt)}
          {comment.isEdited && " · edited"}
        </p>
        {editing ? (
          <form onSubmit={save} className="mt-1 flex gap-2">
            <input
              aria-label="Edit comment"
              className="min-w-0 flex-1 rounded border px-2 py-1 text-sm"
              value={draft}
              maxLength={COMMENT_MAX_LENGTH}
              onChange={(event) => setDraft(event.target.value)}
            />
            <Button variant="bare" type="submit" className="text-sm font-medium" disabled={!draft.trim() || edit.isPending}>
              Save
            </Button>
            <Button variant="bare" className="text-sm text-gray-500" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </form>
        ) : (
          <p className="text-sm break-words whitespace-pre-wrap">{comment.comment}</p>
        )}
      </div>
      {!editing && (mine || canDelete) && (
        <div className="flex shrink-0 items-start gap-1">
          {mine && (
            <Button
              variant="bare"
              aria-label="Edit comment"
              className="p-1 text-gray-500"
              onClick={() => {
                setDraft(comment.comment);
                setEditing(true);
              }}
            >
              <Pencil className="size-4" aria-hidden />
            </Button>
          )}
          {canDelete && (
            <Button
              variant="bare"
              aria-label="Delete comment"
              className="p-1 text-gray-500"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(comment.id, { onError: () => toast.error("Error", { description: "Failed to delete comment" }) })
              }
            >
              <Trash2 className="size-4" aria-hidden />
            </Button>
          )}
        </div>
      )}
    </li>
  );
}

function CommentInput({ mediaId, productId, online }: { mediaId: string; productId: string; online: boolean }) {
  const { status } = useSession();
  // The product profile with ?media= shows this very video (the path a share link uses).
  const back = `/product-profile/${encodeURIComponent(baseProductId(productId))}?media=${encodeURIComponent(mediaId)}`;
  // One light rule above the footer: a bare `border-t` takes the text's colour (Tailwind 4), which
  // drew two near-black lines around the sign-in link.
  return (
    <div className="border-t border-gray-200">
      {status === "anonymous" ? (
        <p className="px-4 pt-3 text-center text-sm text-gray-600">
          <Link to={`/auth?from=${encodeURIComponent(back)}`} state={{ from: back }} className="font-semibold text-gray-900 underline underline-offset-2">
            Sign in to comment
          </Link>
        </p>
      ) : null}
      <CommentForm mediaId={mediaId} online={online} status={status} />
    </div>
  );
}

function CommentForm({ mediaId, online, status }: { mediaId: string; online: boolean; status: ReturnType<typeof useSession>["status"] }) {
  const post = useCreateComment(mediaId);
  const [text, setText] = useState("");
  const placeholder = !online ? "You're offline" : status === "anonymous" ? "Unable to comment" : "Add a comment...";

  function submit(event: FormEvent) {
    event.preventDefault();
    const comment = text.trim();
    if (!comment) return;
    if (status !== "signed-in") {
      toast.error("Sign in required", { description: "Please sign in to leave a comment" });
      return;
    }
    if (!online) {
      toast.error("You're offline", { description: "Connect to the internet to post a comment" });
      return;
    }
    post.mutate(comment, {
      onSuccess: () => setText(""),
      onError: (error) => {
        if (error instanceof ApiRequestError && error.status === 404) {
          toast.error("Error", { description: "Unable to post comment - invalid media data" });
        } else {
          // A refused comment says why (too long, characters that can't be saved), in the API's words.
          toast.error("Failed to post comment. Please try again.", error instanceof ApiRequestError && error.status === 400 ? { description: shopperMessage(error) } : undefined);
        }
      },
    });
  }

  return (
    <form onSubmit={submit} className="flex items-center gap-2 px-4 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
      <input
        aria-label="Comment"
        className="min-w-0 flex-1 rounded-full bg-gray-100 px-4 py-2 text-sm disabled:opacity-60"
        placeholder={placeholder}
        value={text}
        maxLength={COMMENT_MAX_LENGTH}
        disabled={!online}
        onChange={(event) => setText(event.target.value)}
      />
      <Button variant="solid" size="icon" type="submit" aria-label="Post comment" disabled={!online || !text.trim() || post.isPending}>
        <Send className="size-4" aria-hidden />
      </Button>
    </form>
  );
}

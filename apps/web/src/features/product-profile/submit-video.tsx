import { Suspense, lazy } from "react";
import { Link } from "react-router";
import { useSession } from "../../shared/session/use-session.ts";

const SubmitVideoForm = lazy(async () => ({ default: (await import("./submit-video-form.tsx")).SubmitVideoForm }));

/**
 * A signed-in shopper shares a short video of a product they bought or carted (docs/decisions/091);
 * everyone else is asked to sign in. The form and its upload code load only for the signed-in.
 */
export function SubmitVideo({ productId }: { productId: string }) {
  const { user } = useSession();
  if (!user) {
    return (
      <p className="px-2 pb-3 text-sm text-neutral-400">
        <Link to="/auth" className="font-semibold text-rose-400 hover:underline">
          Sign in
        </Link>{" "}
        to share your video of this product.
      </p>
    );
  }
  return (
    <Suspense fallback={null}>
      <SubmitVideoForm productId={productId} />
    </Suspense>
  );
}

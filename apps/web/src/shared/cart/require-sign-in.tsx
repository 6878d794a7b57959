import { type ReactNode, useEffect } from "react";
import { Navigate, useLocation } from "react-router";
import { toast } from "sonner";
import { useSession } from "../session/use-session.ts";
import { PageSpinner } from "../ui/spinner.tsx";

/**
 * 000 §6 guard for /cart and /saved: a spinner while the session loads; signed out, a toast and a
 * redirect to /auth remembering where the shopper was.
 */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const location = useLocation();
  useEffect(() => {
    if (status === "anonymous") toast.error("Authentication required", { id: "auth-required", description: "Please log in to access this page." });
  }, [status]);
  if (status === "loading") return <PageSpinner />;
  if (status === "anonymous") return <Navigate to="/auth" replace state={{ from: `${location.pathname}${location.search}` }} />;
  return children;
}

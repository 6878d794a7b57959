import { type ReactNode, useEffect } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { toast } from "../../shared/ui/toast.ts";
import { signInReturnState } from "../../shared/session/sign-in-return.ts";
import { useSession } from "../../shared/session/use-session.ts";
import { PageSpinner } from "../../shared/ui/spinner.tsx";

// Fixed toast ids: React StrictMode and re-renders must not stack duplicate toasts.
function ToastOnce({ kind, id, title, description }: { kind: "auth" | "admin"; id: string; title: string; description: string }) {
  useEffect(() => {
    if (kind === "admin") toast.error(title, { id, description });
    else toast(title, { id, description });
  }, [kind, id, title, description]);
  return null;
}

function RedirectToSignIn() {
  const location = useLocation();
  return (
    <>
      <ToastOnce kind="auth" id="auth-required" title="Authentication required" description="Please log in to access this page." />
      <Navigate to="/auth" replace state={signInReturnState(location)} />
    </>
  );
}

/** Pages for signed-in users (/saved, /cart, /profile): spinner while loading, else sign in first. */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { status } = useSession();
  if (status === "loading") return <PageSpinner />;
  if (status === "anonymous") return <RedirectToSignIn />;
  return children ?? <Outlet />;
}

/** The admin area: anonymous users sign in first; signed-in non-admins go home with a destructive toast. */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  const { status, user } = useSession();
  if (status === "loading") return <PageSpinner />;
  if (status === "anonymous" || !user) return <RedirectToSignIn />;
  if (!user.isAdmin) {
    return (
      <>
        <ToastOnce kind="admin" id="admin-required" title="Unauthorized" description="You don't have permission to access this page." />
        <Navigate to="/" replace />
      </>
    );
  }
  return children ?? <Outlet />;
}

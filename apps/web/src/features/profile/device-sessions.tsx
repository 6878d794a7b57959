import { useQueryClient } from "@tanstack/react-query";
import { ChevronRight, MonitorSmartphone, ShieldOff } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "../../shared/ui/toast.ts";
import { AuthRequestError, authRequest } from "../../shared/session/auth-client.ts";
import { sessionQueryKey } from "../../shared/session/api/get-session-user.ts";
import { Dialog } from "../../shared/ui/dialog.tsx";
import { Button } from "../../shared/ui/button.tsx";

type Scope = "others" | "all";

const SCOPES: Record<Scope, { label: string; hint: string; confirm: string; description: string; path: string; done: string }> = {
  others: {
    label: "Sign out of other devices",
    hint: "Keep this device signed in",
    confirm: "Sign out others",
    description: "Every other phone, tablet or browser signed in to your account will be signed out. This device stays signed in.",
    path: "/revoke-other-sessions",
    done: "Signed out of other devices",
  },
  all: {
    label: "Sign out of all devices",
    hint: "Including this one",
    confirm: "Sign out everywhere",
    description: "Every device signed in to your account, including this one, will be signed out.",
    path: "/revoke-sessions",
    done: "Signed out of all devices",
  },
};

// better-auth asks for a recent sign-in (10 minutes) before ending sessions.
function failureDescription(error: unknown): string {
  if (error instanceof AuthRequestError && error.code === "SESSION_NOT_FRESH") return "For your security, sign in again and retry.";
  if (error instanceof AuthRequestError && error.status === 0) return "Network connection lost";
  return "Please try again";
}

/** Profile settings rows that end the account's sessions on other devices, or everywhere. */
export function DeviceSessions() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [scope, setScope] = useState<Scope | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (!scope) return;
    const chosen = SCOPES[scope];
    setBusy(true);
    try {
      await authRequest(chosen.path);
    } catch (error) {
      setBusy(false);
      toast.error("Could not sign out devices", { description: failureDescription(error) });
      return;
    }
    setBusy(false);
    setScope(null);
    if (scope === "all") {
      // This device's session ended too: leave the protected page, then forget the user locally.
      await navigate("/", { replace: true });
      queryClient.clear();
      queryClient.setQueryData(sessionQueryKey, null);
    }
    toast.success(chosen.done);
  };

  const chosen = scope ? SCOPES[scope] : null;
  return (
    <>
      {(Object.keys(SCOPES) as Scope[]).map((key) => {
        const Icon = key === "others" ? MonitorSmartphone : ShieldOff;
        return (
          <Button
            variant="bare"
            key={key}
            onClick={() => setScope(key)}
            className="mt-2 flex w-full items-center gap-3 rounded-2xl border border-neutral-800 bg-neutral-950 px-4 py-3 text-left hover:bg-neutral-900"
          >
            <Icon aria-hidden="true" className="size-5 text-neutral-400" />
            <span className="flex-1">
              <span className="block font-medium text-white">{SCOPES[key].label}</span>
              <span className="block text-sm text-neutral-400">{SCOPES[key].hint}</span>
            </span>
            <ChevronRight aria-hidden="true" className="size-4 text-neutral-600" />
          </Button>
        );
      })}
      <Dialog open={chosen !== null} onOpenChange={(open) => !open && !busy && setScope(null)} title={chosen ? `${chosen.label}?` : ""} description={chosen?.description}>
        <div className="flex justify-end gap-2">
          <Button variant="bare" onClick={() => setScope(null)} disabled={busy} className="rounded-full border border-neutral-700 px-4 py-2 text-sm font-medium text-neutral-100 hover:bg-neutral-900">
            Cancel
          </Button>
          <Button
            variant="bare"
            onClick={() => void confirm()}
            disabled={busy}
            className="rounded-full bg-rose-500 px-4 py-2 text-sm font-semibold text-white hover:bg-rose-400 disabled:opacity-60"
          >
            {busy ? "Signing Out..." : chosen?.confirm}
          </Button>
        </div>
      </Dialog>
    </>
  );
}

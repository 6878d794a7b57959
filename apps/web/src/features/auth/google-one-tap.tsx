import { useEffect, useRef } from "react";
import { toast } from "../../shared/ui/toast.ts";
import { signInWithGoogleIdToken } from "./auth-api.ts";

interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: { client_id: string; callback: (response: { credential?: string }) => void; use_fedcm_for_prompt?: boolean }): void;
      prompt(): void;
      cancel(): void;
    };
  };
}

declare global {
  interface Window {
    google?: GoogleIdentity;
  }
}

// Google's Identity Services script; loaded only when Google is configured and the visitor is
// signed out, so nobody else downloads it.
const GSI_SRC = "https://accounts.google.com/gsi/client";

/** Google One Tap: the ID token it returns is verified by the server (POST /api/auth/one-tap/callback). */
export function GoogleOneTap({ clientId, onSignedIn }: { clientId: string; onSignedIn: () => Promise<void> }) {
  const signedIn = useRef(onSignedIn);
  useEffect(() => {
    signedIn.current = onSignedIn;
  });
  useEffect(() => {
    let cancelled = false;
    const start = () => {
      if (cancelled || !window.google) return;
      window.google.accounts.id.initialize({
        client_id: clientId,
        use_fedcm_for_prompt: true,
        callback: async ({ credential }) => {
          try {
            if (!credential) throw new Error("no credential");
            await signInWithGoogleIdToken(credential);
            await signedIn.current();
          } catch (error) {
            console.error("Google One Tap sign-in failed", error);
            toast.error("Failed to sign in with Google One Tap");
          }
        },
      });
      window.google.accounts.id.prompt();
    };
    if (window.google) start();
    else {
      const script = document.createElement("script");
      script.src = GSI_SRC;
      script.async = true;
      script.onload = start;
      document.head.append(script);
    }
    return () => {
      cancelled = true;
      window.google?.accounts.id.cancel();
    };
  }, [clientId]);
  return null;
}

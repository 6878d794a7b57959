import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { toast } from "../../shared/ui/toast.ts";
import { sessionQueryKey } from "../../shared/session/api/get-session-user.ts";
import { useSession } from "../../shared/session/use-session.ts";
import { endServerSession, forgetSignedInUser } from "../../shared/session/use-sign-out.ts";
import { Button } from "../../shared/ui/button.tsx";
import { PageSpinner } from "../../shared/ui/spinner.tsx";
import { authProvidersQueryKey, fetchAuthProviders } from "./auth-api.ts";
import { SESSION_KEEPING_ERRORS, describeUrlError, safeReturnPath, specUrlError } from "./auth-errors.ts";
import { EmailCodeSignInForm } from "./email-code-sign-in-form.tsx";
import { ForgotPasswordForm } from "./forgot-password-form.tsx";
import { GoogleButton } from "./google-button.tsx";
import { GoogleOneTap } from "./google-one-tap.tsx";
import { PhoneSignInForm } from "./phone-sign-in-form.tsx";
import { ResetPasswordForm } from "./reset-password-form.tsx";
import { SignInForm } from "./sign-in-form.tsx";
import { SignUpForm } from "./sign-up-form.tsx";
import { TwoFactorChallengeForm } from "./two-factor-challenge-form.tsx";

type Mode = "sign-in" | "sign-up" | "forgot" | "reset" | "phone" | "email-code" | "two-factor";

const TITLES: Record<Mode, [string, string]> = {
  "sign-in": ["Welcome back", "Sign in to shop, save and track your orders."],
  "sign-up": ["Create your account", "Join Reelmart to save products and check out faster."],
  forgot: ["Reset your password", "Enter your email and we'll send you a reset link."],
  reset: ["Choose a new password", "Pick a strong password you don't use elsewhere."],
  phone: ["Sign in with your phone", "We'll text you a one-time code. New numbers get an account."],
  "email-code": ["Sign in without a password", "We'll email you a one-time code or a sign-in link."],
  "two-factor": ["Two-factor authentication", "Enter the code from your authenticator app."],
};

/** The modes that offer the other ways in (phone, email code, Google) under their form. */
const ENTRY_MODES = new Set<Mode>(["sign-in", "sign-up", "phone", "email-code"]);

export function AuthPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const { status } = useSession();
  const providers = useQuery({ queryKey: authProvidersQueryKey, queryFn: fetchAuthProviders, staleTime: Infinity });
  const returnTo = safeReturnPath((location.state as { from?: unknown } | null)?.from ?? params.get("from"));

  const resetToken = params.get("token");
  const [mode, setMode] = useState<Mode>(resetToken && params.get("mode") === "reset" ? "reset" : "sign-in");
  const rawUrlError = params.get("error");
  const urlError = rawUrlError ? specUrlError(rawUrlError) : null;
  const [urlErrorMessage, setUrlErrorMessage] = useState<string | null>(null);

  // Errors carried in the URL after a redirect sign-in (000 §4): shown in words, and every one but
  // the identity-linking ones ends the session the redirect may have created.
  useEffect(() => {
    if (!urlError) return;
    const message = describeUrlError(urlError, params.get("error_description"));
    setUrlErrorMessage(message);
    const next = new URLSearchParams(params);
    next.delete("error");
    next.delete("error_description");
    setParams(next, { replace: true, state: location.state });
    if (!SESSION_KEEPING_ERRORS.has(urlError)) {
      // The page forgets the user only once the server has ended the session (decision 217).
      void endServerSession().then((outcome) => outcome !== "still-signed-in" && forgetSignedInUser(queryClient));
      toast.error("Failed to sign in with Google", { id: "google-error", description: message });
    }
  }, [urlError, params, setParams, location.state, queryClient]);

  // Already signed in (or back from Google or a magic link): go where the user came from.
  useEffect(() => {
    if (status === "signed-in" && !urlError && !urlErrorMessage && mode !== "reset") void navigate(returnTo, { replace: true });
  }, [status, urlError, urlErrorMessage, mode, returnTo, navigate]);

  if (status === "loading") return <PageSpinner />;

  const signedIn = async () => {
    await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    await navigate(returnTo, { replace: true });
  };

  const google = providers.data?.google ?? null;

  return (
    <section className="flex min-h-full flex-col px-6 pt-10 pb-[calc(var(--bottom-nav-height)+2rem)]">
      <Link to="/" className="mb-8 text-2xl font-bold tracking-tight text-white">
        Reel<span className="text-rose-500">mart</span>
      </Link>
      <h1 className="text-2xl font-semibold text-white">{TITLES[mode][0]}</h1>
      <p className="mt-1 text-sm text-neutral-400">{TITLES[mode][1]}</p>

      {urlErrorMessage ? (
        <p role="alert" className="mt-5 rounded-xl border border-red-500/40 bg-red-500/10 px-4 py-3 text-sm text-red-200">
          {urlErrorMessage}
        </p>
      ) : null}

      {mode === "sign-in" ? <SignInForm onSignedIn={signedIn} onTwoFactor={() => setMode("two-factor")} onForgot={() => setMode("forgot")} /> : null}
      {mode === "sign-up" ? <SignUpForm onSignedIn={signedIn} /> : null}
      {mode === "forgot" ? <ForgotPasswordForm /> : null}
      {mode === "reset" ? <ResetPasswordForm token={resetToken ?? ""} onDone={() => setMode("sign-in")} /> : null}
      {mode === "phone" ? <PhoneSignInForm onSignedIn={signedIn} /> : null}
      {mode === "email-code" ? <EmailCodeSignInForm returnTo={returnTo} onSignedIn={signedIn} /> : null}
      {mode === "two-factor" ? <TwoFactorChallengeForm onSignedIn={signedIn} /> : null}

      {ENTRY_MODES.has(mode) ? (
        <>
          <div className="my-6 flex items-center gap-3 text-xs text-neutral-400" aria-hidden="true">
            <span className="h-px flex-1 bg-neutral-800" /> or <span className="h-px flex-1 bg-neutral-800" />
          </div>
          <div className="flex flex-col gap-3">
            {mode !== "sign-in" && mode !== "sign-up" ? (
              <Button variant="outline" size="lg" className="w-full" onClick={() => setMode("sign-in")}>
                Use email and password
              </Button>
            ) : null}
            {mode !== "phone" ? (
              <Button variant="outline" size="lg" className="w-full" onClick={() => setMode("phone")}>
                Continue with phone
              </Button>
            ) : null}
            {mode !== "email-code" ? (
              <Button variant="outline" size="lg" className="w-full" onClick={() => setMode("email-code")}>
                Email me a code or link
              </Button>
            ) : null}
            {google ? <GoogleButton returnTo={returnTo} /> : null}
          </div>
          {google && status === "anonymous" ? <GoogleOneTap clientId={google.clientId} onSignedIn={signedIn} /> : null}
        </>
      ) : null}

      <p className="mt-8 text-center text-sm text-neutral-400">
        {mode === "sign-up" ? (
          <>
            Already have an account?{" "}
            <Button variant="link" onClick={() => setMode("sign-in")}>
              Sign in instead
            </Button>
          </>
        ) : (
          <>
            New to Reelmart?{" "}
            <Button variant="link" onClick={() => setMode("sign-up")}>
              Create an account
            </Button>
          </>
        )}
      </p>
    </section>
  );
}

import { passwordWeaknesses } from "@reelmart/core/password-policy";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Loader2 } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { sessionQueryKey, useSession } from "../../shared/session/use-session.ts";
import { PageSpinner } from "../../shared/ui/spinner.tsx";
import {
  authProvidersQueryKey,
  fetchAuthProviders,
  requestPasswordReset,
  resetPassword,
  saveNames,
  signInWithEmail,
  signOutQuietly,
  signUpWithEmail,
  startGoogleSignIn,
} from "./auth-api.ts";
import {
  type FormError,
  MISSING_CREDENTIALS,
  SESSION_KEEPING_ERRORS,
  describeAuthError,
  describeUrlError,
  safeReturnPath,
  specUrlError,
} from "./auth-errors.ts";
import { GoogleOneTap } from "./google-one-tap.tsx";
import { displayName } from "@reelmart/core/display-name";

type Mode = "sign-in" | "sign-up" | "forgot" | "reset";

const inputClass =
  "w-full rounded-xl border border-neutral-700 bg-neutral-900 px-4 py-3 text-base text-white placeholder:text-neutral-500 focus:border-rose-500 focus:outline-none aria-[invalid=true]:border-red-500";
const primaryButton =
  "flex w-full items-center justify-center gap-2 rounded-full bg-rose-700 px-5 py-3 font-semibold text-white transition hover:bg-rose-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:opacity-60";

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
      void signOutQuietly().then(() => queryClient.setQueryData(sessionQueryKey, null));
      toast.error("Failed to sign in with Google", { id: "google-error", description: message });
    }
  }, [urlError, params, setParams, location.state, queryClient]);

  // Already signed in (or back from Google): go where the user came from.
  useEffect(() => {
    if (status === "signed-in" && !urlError && !urlErrorMessage && mode !== "reset") void navigate(returnTo, { replace: true });
  }, [status, urlError, urlErrorMessage, mode, returnTo, navigate]);

  if (status === "loading") return <PageSpinner />;

  const signedIn = async () => {
    await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    await navigate(returnTo, { replace: true });
  };

  const google = providers.data?.google ?? null;
  const titles: Record<Mode, [string, string]> = {
    "sign-in": ["Welcome back", "Sign in to shop, save and track your orders."],
    "sign-up": ["Create your account", "Join Reelmart to save products and check out faster."],
    forgot: ["Reset your password", "Enter your email and we'll send you a reset link."],
    reset: ["Choose a new password", "Pick a strong password you don't use elsewhere."],
  };

  return (
    <section className="flex min-h-full flex-col px-6 pt-10 pb-[calc(var(--bottom-nav-height)+2rem)]">
      <Link to="/" className="mb-8 text-2xl font-bold tracking-tight text-white">
        Reel<span className="text-rose-500">mart</span>
      </Link>
      <h1 className="text-2xl font-semibold text-white">{titles[mode][0]}</h1>
      <p className="mt-1 text-sm text-neutral-400">{titles[mode][1]}</p>

      {urlErrorMessage ? (
        <p role="alert" className="mt-5 rounded-xl border border-red-500/40 bg-red-500/10 px-4 py-3 text-sm text-red-200">
          {urlErrorMessage}
        </p>
      ) : null}

      {mode === "sign-in" || mode === "sign-up" ? (
        <CredentialsForm key={mode} mode={mode} onSignedIn={signedIn} onForgot={() => setMode("forgot")} />
      ) : mode === "forgot" ? (
        <ForgotForm />
      ) : (
        <ResetForm token={resetToken ?? ""} onDone={() => setMode("sign-in")} />
      )}

      {(mode === "sign-in" || mode === "sign-up") && google ? (
        <>
          <div className="my-6 flex items-center gap-3 text-xs text-neutral-500" aria-hidden="true">
            <span className="h-px flex-1 bg-neutral-800" /> or <span className="h-px flex-1 bg-neutral-800" />
          </div>
          <GoogleButton returnTo={returnTo} />
          {status === "anonymous" ? <GoogleOneTap clientId={google.clientId} onSignedIn={signedIn} /> : null}
        </>
      ) : null}

      <p className="mt-8 text-center text-sm text-neutral-400">
        {mode === "sign-in" ? (
          <>
            New to Reelmart?{" "}
            <button type="button" className="font-semibold text-rose-400 hover:underline" onClick={() => setMode("sign-up")}>
              Create an account
            </button>
          </>
        ) : (
          <>
            Already have an account?{" "}
            <button type="button" className="font-semibold text-rose-400 hover:underline" onClick={() => setMode("sign-in")}>
              Sign in instead
            </button>
          </>
        )}
      </p>
    </section>
  );
}

function ErrorMessage({ id, error }: { id: string; error: FormError | null }) {
  if (!error) return null;
  return (
    <div id={id} role="alert" className="rounded-xl border border-red-500/40 bg-red-500/10 px-4 py-3 text-sm text-red-200">
      <p>{error.message}</p>
      {error.reasons.length ? (
        <ul className="mt-1 list-disc pl-5">
          {error.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function Field(props: {
  label: string;
  type: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: string;
  errorId?: string;
  invalid?: boolean;
  readOnly?: boolean;
  hint?: string;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const describedBy = [props.hint ? hintId : null, props.invalid ? props.errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-neutral-200">
        {props.label}
      </label>
      <input
        id={id}
        type={props.type}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        autoComplete={props.autoComplete}
        aria-invalid={props.invalid || undefined}
        aria-describedby={describedBy}
        readOnly={props.readOnly}
        className={inputClass}
      />
      {props.hint ? (
        <p id={hintId} className="text-xs text-neutral-500">
          {props.hint}
        </p>
      ) : null}
    </div>
  );
}

function CredentialsForm({ mode, onSignedIn, onForgot }: { mode: "sign-in" | "sign-up"; onSignedIn: () => Promise<void>; onForgot: () => void }) {
  const errorId = useId();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [firstName, setFirstName] = useState("");
  const [lastName, setLastName] = useState("");
  const [error, setError] = useState<FormError | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      setError({ message: MISSING_CREDENTIALS, reasons: [] });
      return;
    }
    if (mode === "sign-up") {
      const reasons = passwordWeaknesses(password, email);
      if (reasons.length) {
        setError({ message: "Password is too weak:", reasons, field: "password" });
        return;
      }
    }
    setBusy(true);
    setError(null);
    try {
      if (mode === "sign-in") {
        await signInWithEmail(email.trim(), password);
      } else {
        const name = displayName(firstName, lastName, email.trim());
        await signUpWithEmail({ email: email.trim(), password, name });
        if (firstName.trim() || lastName.trim()) await saveNames(firstName, lastName).catch(() => undefined);
      }
      await onSignedIn();
    } catch (caught) {
      setError(describeAuthError(caught));
      setBusy(false);
    }
  };

  const invalid = (field: "email" | "password") => Boolean(error && (!error.field || error.field === field));
  return (
    <form className="mt-6 flex flex-col gap-4" onSubmit={submit} noValidate>
      {mode === "sign-up" ? (
        <div className="grid grid-cols-2 gap-3">
          <Field label="First name (optional)" type="text" value={firstName} onChange={setFirstName} autoComplete="given-name" />
          <Field label="Last name (optional)" type="text" value={lastName} onChange={setLastName} autoComplete="family-name" />
        </div>
      ) : null}
      <Field label="Email" type="email" value={email} onChange={setEmail} autoComplete="email" errorId={errorId} invalid={invalid("email")} />
      <Field
        label="Password"
        type="password"
        value={password}
        onChange={setPassword}
        autoComplete={mode === "sign-in" ? "current-password" : "new-password"}
        errorId={errorId}
        invalid={invalid("password")}
        hint={mode === "sign-up" ? "At least 8 characters; avoid common passwords." : undefined}
      />
      {mode === "sign-in" ? (
        <button type="button" onClick={onForgot} className="-mt-1 self-end text-sm font-medium text-rose-400 hover:underline">
          Forgot password?
        </button>
      ) : null}
      <ErrorMessage id={errorId} error={error} />
      <button type="submit" className={primaryButton} disabled={busy}>
        {busy ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
        {mode === "sign-in" ? "Sign in" : "Create account"}
      </button>
    </form>
  );
}

function ForgotForm() {
  const errorId = useId();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<FormError | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      setError({ message: "Please enter your email address", reasons: [], field: "email" });
      return;
    }
    setBusy(true);
    try {
      await requestPasswordReset(email.trim());
      setSent(true);
      setError(null);
    } catch (caught) {
      setError(describeAuthError(caught));
    } finally {
      setBusy(false);
    }
  };
  if (sent) {
    return (
      <p role="status" className="mt-6 rounded-xl border border-neutral-800 bg-neutral-900 px-4 py-3 text-sm text-neutral-200">
        If an account exists for {email.trim()}, a reset link is on its way. Check your inbox.
      </p>
    );
  }
  return (
    <form className="mt-6 flex flex-col gap-4" onSubmit={submit} noValidate>
      <Field label="Email" type="email" value={email} onChange={setEmail} autoComplete="email" errorId={errorId} invalid={Boolean(error)} />
      <ErrorMessage id={errorId} error={error} />
      <button type="submit" className={primaryButton} disabled={busy}>
        Send reset link
      </button>
    </form>
  );
}

function ResetForm({ token, onDone }: { token: string; onDone: () => void }) {
  const errorId = useId();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<FormError | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const reasons = passwordWeaknesses(password);
    if (reasons.length) {
      setError({ message: "Password is too weak:", reasons, field: "password" });
      return;
    }
    setBusy(true);
    try {
      await resetPassword(token, password);
      toast.success("Password updated", { description: "Sign in with your new password." });
      onDone();
    } catch (caught) {
      setError(describeAuthError(caught));
      setBusy(false);
    }
  };
  return (
    <form className="mt-6 flex flex-col gap-4" onSubmit={submit} noValidate>
      <Field label="New password" type="password" value={password} onChange={setPassword} autoComplete="new-password" errorId={errorId} invalid={Boolean(error)} />
      <ErrorMessage id={errorId} error={error} />
      <button type="submit" className={primaryButton} disabled={busy}>
        Reset password
      </button>
    </form>
  );
}

function GoogleButton({ returnTo }: { returnTo: string }) {
  const [busy, setBusy] = useState(false);
  const mounted = useRef(true);
  useEffect(() => () => void (mounted.current = false), []);
  const start = async () => {
    setBusy(true);
    try {
      const { url } = await startGoogleSignIn(returnTo);
      window.location.assign(url);
    } catch {
      toast.error("Failed to sign in with Google");
      if (mounted.current) setBusy(false);
    }
  };
  return (
    <button
      type="button"
      onClick={start}
      disabled={busy}
      className="flex w-full items-center justify-center gap-3 rounded-full border border-neutral-700 bg-white px-5 py-3 font-semibold text-neutral-900 transition hover:bg-neutral-100 disabled:opacity-60"
    >
      <svg aria-hidden="true" viewBox="0 0 48 48" className="size-5">
        <path fill="#FFC107" d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z" />
        <path fill="#FF3D00" d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z" />
        <path fill="#4CAF50" d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z" />
        <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z" />
      </svg>
      Continue with Google
    </button>
  );
}

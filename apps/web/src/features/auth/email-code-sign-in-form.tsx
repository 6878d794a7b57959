import { useState } from "react";
import { Button } from "../../shared/ui/button.tsx";
import { Field } from "../../shared/ui/field.tsx";
import { sendEmailCode } from "./api/send-email-code.ts";
import { sendMagicLink } from "./api/send-magic-link.ts";
import { signInWithEmailCode } from "./api/sign-in-with-email-code.ts";
import { FORM_CLASS, FormErrorMessage, FormNotice, SubmitButton } from "./form-parts.tsx";
import { OneTimeCodeField } from "./one-time-code-field.tsx";
import { useAuthForm } from "./use-auth-form.ts";

/** Sign-in without a password: a one-time code by email, or a link that signs in when opened. */
export function EmailCodeSignInForm({ returnTo, onSignedIn }: { returnTo: string; onSignedIn: () => Promise<void> }) {
  const [email, setEmail] = useState("");
  const [code, setCode] = useState("");
  const [sent, setSent] = useState<"code" | "link" | null>(null);
  const { errorId, error, busy, refuse, onSubmit } = useAuthForm();

  const request = (kind: "code" | "link") =>
    onSubmit(
      async () => {
        if (kind === "code") await sendEmailCode(email.trim());
        else await sendMagicLink(email.trim(), returnTo);
        setSent(kind);
      },
      () => /^\S+@\S+\.\S+$/.test(email.trim()) || (refuse("Please enter a valid email address", { field: "email" }), false),
    );

  const verify = onSubmit(
    async () => {
      await signInWithEmailCode(email.trim(), code.trim());
      await onSignedIn();
    },
    undefined,
    { stayBusy: true, describe: (described) => (/otp/i.test(described.message) ? { message: "That code is not right or has expired. Request a new one.", reasons: [] } : described) },
  );

  if (sent === "link") {
    return (
      <div className="mt-6">
        <FormNotice>We emailed a sign-in link to {email.trim()}. Open it on this device to continue.</FormNotice>
      </div>
    );
  }
  if (sent === "code") {
    return (
      <form className={FORM_CLASS} onSubmit={verify} noValidate>
        <FormNotice>We emailed a code to {email.trim()}.</FormNotice>
        <OneTimeCodeField label="Code" value={code} onChange={(event) => setCode(event.target.value)} invalid={Boolean(error)} aria-describedby={error ? errorId : undefined} />
        <FormErrorMessage id={errorId} error={error} />
        <SubmitButton busy={busy}>Sign in</SubmitButton>
      </form>
    );
  }
  return (
    <form className={FORM_CLASS} onSubmit={request("code")} noValidate>
      <Field label="Email" type="email" value={email} onChange={(event) => setEmail(event.target.value)} autoComplete="email" invalid={Boolean(error)} aria-describedby={error ? errorId : undefined} />
      <FormErrorMessage id={errorId} error={error} />
      <SubmitButton busy={busy}>Email me a code</SubmitButton>
      <Button variant="outline" size="lg" className="w-full" onClick={() => void request("link")()} disabled={busy}>
        Email me a sign-in link
      </Button>
    </form>
  );
}

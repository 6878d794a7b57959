import { useState } from "react";
import { Button } from "../../shared/ui/button.tsx";
import { Field } from "../../shared/ui/field.tsx";
import { sendPhoneCode } from "./api/send-phone-code.ts";
import { verifyPhoneCode } from "./api/verify-phone-code.ts";
import { FORM_CLASS, FormErrorMessage, FormNotice, SubmitButton } from "./form-parts.tsx";
import { OneTimeCodeField } from "./one-time-code-field.tsx";
import { useAuthForm } from "./use-auth-form.ts";

/** E.164: a + and 8 to 15 digits (spaces and dashes typed by people are dropped). */
const normalisePhone = (value: string) => value.replace(/[\s()-]/g, "");
const PHONE = /^\+[1-9]\d{7,14}$/;

/** Phone number, then the code texted to it; a new number gets an account on the way in. */
export function PhoneSignInForm({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const [phone, setPhone] = useState("");
  const [code, setCode] = useState("");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { errorId, error, busy, refuse, onSubmit } = useAuthForm();

  const number = normalisePhone(phone);
  const send = onSubmit(
    async () => {
      await sendPhoneCode(number);
      setSentTo(number);
    },
    () => PHONE.test(number) || (refuse("Enter your number with its country code, e.g. +91 98765 43210"), false),
  );

  const verify = onSubmit(
    async () => {
      await verifyPhoneCode(sentTo!, code.trim());
      await onSignedIn();
    },
    () => Boolean(sentTo) && (/^\d{4,8}$/.test(code.trim()) || (refuse("Enter the code from the text message"), false)),
    {
      stayBusy: true,
      describe: (described) => (described.message === "Invalid OTP" ? { message: "That code is not right. Check the text message and try again.", reasons: [] } : described),
    },
  );

  if (!sentTo) {
    return (
      <form className={FORM_CLASS} onSubmit={send} noValidate>
        <Field
          label="Phone number"
          type="tel"
          value={phone}
          onChange={(event) => setPhone(event.target.value)}
          autoComplete="tel"
          placeholder="+91 98765 43210"
          invalid={Boolean(error)}
          aria-describedby={error ? errorId : undefined}
        />
        <FormErrorMessage id={errorId} error={error} />
        <SubmitButton busy={busy}>Text me a code</SubmitButton>
      </form>
    );
  }
  return (
    <form className={FORM_CLASS} onSubmit={verify} noValidate>
      <FormNotice>We texted a code to {sentTo}.</FormNotice>
      <OneTimeCodeField label="Code" value={code} onChange={(event) => setCode(event.target.value)} invalid={Boolean(error)} aria-describedby={error ? errorId : undefined} />
      <FormErrorMessage id={errorId} error={error} />
      <SubmitButton busy={busy}>Sign in</SubmitButton>
      <Button variant="link" className="self-center text-sm" onClick={() => void send()} disabled={busy}>
        Send a new code
      </Button>
    </form>
  );
}

import { ChevronLeft } from "lucide-react";
import { type ReactNode, useId } from "react";
import { Link } from "react-router";
import { PageSpinner } from "../../shared/ui/spinner.tsx";
import { useAccountSecurity } from "./api/get-account-security.ts";
import { ChangeEmailForm } from "./change-email-form.tsx";
import { ChangePasswordForm } from "./change-password-form.tsx";
import { TwoFactorSettings } from "./two-factor-settings.tsx";

function Section({ title, children }: { title: string; children: ReactNode }) {
  // A generated id: the title has spaces, and aria-labelledby reads spaces as a list of ids.
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-neutral-800 bg-neutral-950 p-4">
      <h2 id={headingId} className="mb-3 text-base font-semibold text-white">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** /account/security: two-factor, password and email; active sessions stay on the profile page. */
export function AccountSecurityPage() {
  const security = useAccountSecurity();
  if (security.isPending) return <PageSpinner />;
  if (!security.data) {
    return (
      <p role="alert" className="p-6 text-sm text-red-200">
        Could not load your account settings. Please try again.
      </p>
    );
  }
  const { email, twoFactorEnabled, hasRealEmail } = security.data;
  return (
    <div className="flex min-h-full flex-col gap-4 px-4 pt-6 pb-[calc(var(--bottom-nav-height)+2rem)]">
      <Link to="/profile" className="flex items-center gap-1 text-sm text-neutral-300 hover:text-white">
        <ChevronLeft aria-hidden="true" className="size-4" /> Profile
      </Link>
      <h1 className="text-2xl font-semibold text-white">Account security</h1>
      <Section title="Two-factor authentication">
        <TwoFactorSettings enabled={twoFactorEnabled} />
      </Section>
      <Section title="Password">
        <ChangePasswordForm email={email} />
      </Section>
      {hasRealEmail ? (
        <Section title="Email">
          <p className="mb-3 text-sm text-neutral-400">{email}</p>
          <ChangeEmailForm currentEmail={email} />
        </Section>
      ) : null}
      <p className="text-sm text-neutral-400">
        Your active sessions and devices are listed on your <Link to="/profile" className="font-semibold text-rose-400 hover:underline">profile</Link>.
      </p>
    </div>
  );
}

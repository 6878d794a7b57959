import { type StoreSettingsInput, StoreSettingsInputSchema } from "@reelmart/core/api/admin";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { toast } from "../../../shared/ui/toast.ts";
import { Button } from "../../../shared/ui/button.tsx";
import { Field } from "../../../shared/ui/field.tsx";
import { Spinner } from "../../../shared/ui/spinner.tsx";
import { useSettings } from "../api/get-settings.ts";
import { useSaveSettings } from "../api/save-settings.ts";
import { useUploadSplashLogo } from "../api/upload-splash-logo.ts";
import { AdminPageHeader } from "../components/admin-page-header.tsx";
import { toastFailure } from "../components/toast-failure.ts";
import { MarketplacesSettings } from "./marketplaces-settings.tsx";

/** /admin/settings: the store's name and splash screen, and the marketplaces. */
export function SettingsPage() {
  return (
    <>
      <AdminPageHeader title="Settings" description="Changes reach shoppers at once, without a restart." />
      <div className="flex flex-col gap-8">
        <StoreSettingsForm />
        <MarketplacesSettings />
      </div>
    </>
  );
}

function StoreSettingsForm() {
  const settings = useSettings();
  const save = useSaveSettings();
  const upload = useUploadSplashLogo();
  const form = useForm<StoreSettingsInput>({ resolver: zodResolver(StoreSettingsInputSchema), defaultValues: { storeName: "", splashBrandName: "", splashLogoUrl: "" } });
  const { errors, isDirty } = form.formState;
  useEffect(() => {
    if (settings.data) form.reset({ ...settings.data, splashLogoUrl: settings.data.splashLogoUrl ?? "" });
  }, [settings.data, form]);
  const logoUrl = form.watch("splashLogoUrl");

  const submit = form.handleSubmit((input) =>
    save.mutate(input, { onSuccess: () => toast.success("Settings saved"), onError: (error) => toastFailure("Failed to save settings", error) }),
  );

  if (settings.isPending) return <Spinner label="Loading settings" className="py-8" />;
  return (
    <section aria-labelledby="store-heading" className="flex max-w-2xl flex-col gap-4 rounded-xl border border-white/10 bg-neutral-950 p-4 md:p-5">
      <h2 id="store-heading" className="text-lg font-semibold text-white">
        Store and splash screen
      </h2>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <Field label="Store name" {...form.register("storeName")} error={errors.storeName?.message} />
        <Field label="Splash brand name" hint="Shown under the logo while the app starts." {...form.register("splashBrandName")} error={errors.splashBrandName?.message} />
        <div className="flex flex-col gap-1.5">
          <label htmlFor="splash-logo" className="text-sm font-medium text-neutral-200">
            Splash logo
          </label>
          <div className="flex flex-wrap items-center gap-3">
            <img src={logoUrl || "/splash/logo.svg"} alt="Splash logo preview" className="size-14 rounded-xl bg-neutral-900 object-contain p-1" />
            <input
              id="splash-logo"
              type="file"
              accept="image/png,image/jpeg,image/gif,image/webp"
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (!file) return;
                upload.mutate(file, {
                  onSuccess: ({ url }) => form.setValue("splashLogoUrl", url, { shouldDirty: true }),
                  onError: (error) => toastFailure("Upload failed", error),
                });
              }}
              className="min-w-0 flex-1 text-sm text-neutral-300 file:mr-3 file:rounded-full file:border-0 file:bg-neutral-800 file:px-3 file:py-1.5 file:text-neutral-100"
            />
            {logoUrl ? (
              <Button size="sm" variant="ghost" onClick={() => form.setValue("splashLogoUrl", "", { shouldDirty: true })}>
                Use default
              </Button>
            ) : null}
          </div>
        </div>
        <div>
          <Button type="submit" disabled={!isDirty || save.isPending || upload.isPending}>
            {save.isPending ? "Saving..." : "Save settings"}
          </Button>
        </div>
      </form>
    </section>
  );
}

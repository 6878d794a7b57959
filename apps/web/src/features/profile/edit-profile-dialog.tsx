import { PROFILE_NAME_MAX_LENGTH } from "@reelmart/core/api/profile";
import { AVATAR_MAX_BYTES } from "@reelmart/core/constants";
import { sniffImageType } from "@reelmart/core/image-sniff";
import { Camera, Loader2 } from "lucide-react";
import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from "react";
import { toast } from "../../shared/ui/toast.ts";
import { ApiRequestError } from "../../shared/api/client.ts";
import { shopperMessage } from "../../shared/api/shopper-message.ts";
import type { SessionUser } from "../../shared/session/use-session.ts";
import { Button } from "../../shared/ui/button.tsx";
import { Dialog } from "../../shared/ui/dialog.tsx";
import { Field } from "../../shared/ui/field.tsx";
import { Avatar } from "./avatar.tsx";
import { useUpdateProfileNames } from "./api/update-profile-names.ts";
import { useUploadAvatar } from "./api/upload-avatar.ts";

/** The browser-side checks of 000 §5; the server repeats them on the bytes. Returns false when refused. */
export async function checkAvatarFile(file: File): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  if (!file.type.startsWith("image/") || !sniffImageType(head)) {
    toast.error("Invalid file type", { description: "Please select an image file" });
    return false;
  }
  if (file.size > AVATAR_MAX_BYTES) {
    toast.error("File too large", { description: "Please select an image smaller than 5MB" });
    return false;
  }
  return true;
}

export function EditProfileDialog({ user, open, onOpenChange }: { user: SessionUser; open: boolean; onOpenChange: (open: boolean) => void }) {
  const [firstName, setFirstName] = useState(user.firstName ?? "");
  const [lastName, setLastName] = useState(user.lastName ?? "");
  const [preview, setPreview] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const updateNames = useUpdateProfileNames();
  const uploadAvatar = useUploadAvatar();
  const avatarHintId = useId();

  useEffect(() => {
    if (open) {
      setFirstName(user.firstName ?? "");
      setLastName(user.lastName ?? "");
    }
  }, [open, user.firstName, user.lastName]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const chooseAvatar = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file || !(await checkAvatarFile(file))) return;
    setPreview(URL.createObjectURL(file));
    const toastId = toast.loading("Uploading avatar...");
    try {
      await uploadAvatar.mutateAsync(file);
      toast.success("Avatar updated", { id: toastId });
    } catch (error) {
      setPreview(null);
      if (error instanceof ApiRequestError && error.status === 401) toast.error("User is not authenticated", { id: toastId });
      else if (error instanceof ApiRequestError && error.status === 415) toast.error("Invalid file type", { id: toastId, description: error.message });
      else if (error instanceof ApiRequestError && error.status === 413) toast.error("File too large", { id: toastId, description: error.message });
      else if (error instanceof ApiRequestError && (error.status === 0 || error.status === 422))
        toast.error("Error uploading avatar", { id: toastId, description: error.message });
      else toast.error("Error updating avatar", { id: toastId, description: shopperMessage(error) });
    }
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await updateNames.mutateAsync({ firstName, lastName });
      toast.success("Profile updated");
      onOpenChange(false);
    } catch (error) {
      // 000 §8: a lost session is 'Error' / 'User not authenticated'; anything else is a failed update.
      if (error instanceof ApiRequestError && error.status === 401) toast.error("Error", { description: "User not authenticated" });
      else toast.error("Profile update failed", { description: shopperMessage(error) });
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Edit Profile" description="Update your photo and name.">
      <form onSubmit={save} className="flex flex-col gap-4">
        <div className="flex flex-col items-center gap-2">
          <Button
            variant="bare"
            onClick={() => fileInput.current?.click()}
            className="relative rounded-full"
            aria-describedby={avatarHintId}
            disabled={uploadAvatar.isPending}
          >
            <Avatar url={preview ?? user.avatarUrl} name={user.name} size={88} />
            <span className="absolute right-0 bottom-0 flex size-8 items-center justify-center rounded-full border-2 border-neutral-950 bg-rose-500 text-white">
              {uploadAvatar.isPending ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : <Camera aria-hidden="true" className="size-4" />}
            </span>
            <span className="sr-only">Change avatar</span>
          </Button>
          <p id={avatarHintId} className="text-xs text-neutral-400">
            PNG, JPEG, GIF or WebP, up to 5MB
          </p>
          <input ref={fileInput} type="file" accept="image/*" className="sr-only" tabIndex={-1} aria-label="Avatar image" onChange={chooseAvatar} />
        </div>
        <Field label="First Name" value={firstName} onChange={(e) => setFirstName(e.target.value)} autoComplete="given-name" maxLength={PROFILE_NAME_MAX_LENGTH} />
        <Field label="Last Name" value={lastName} onChange={(e) => setLastName(e.target.value)} autoComplete="family-name" maxLength={PROFILE_NAME_MAX_LENGTH} />
        <Field label="Email" value={user.email} readOnly />
        <div className="mt-2 flex gap-3">
          <Button variant="outline" size="lg" className="flex-1" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" size="lg" className="flex-1 whitespace-nowrap" disabled={updateNames.isPending}>
            {updateNames.isPending ? "Saving..." : "Save changes"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

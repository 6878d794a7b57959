import { UserRound } from "lucide-react";

/** A round avatar: the uploaded image, else the name's initial, else a person icon. */
export function Avatar({ url, name, size }: { url: string | null; name: string; size: number }) {
  const initial = name.trim().charAt(0).toUpperCase();
  return (
    <span
      className="flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-gradient-to-br from-rose-500 to-orange-400 font-semibold text-white"
      style={{ width: size, height: size, fontSize: size * 0.4 }}
    >
      {url ? (
        <img src={url} alt="" width={size} height={size} className="size-full object-cover" />
      ) : initial ? (
        <span aria-hidden="true">{initial}</span>
      ) : (
        <UserRound aria-hidden="true" className="size-1/2" />
      )}
    </span>
  );
}

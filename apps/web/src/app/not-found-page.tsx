import { SearchX } from "lucide-react";
import { Link } from "react-router";

export function NotFoundPage() {
  return (
    <section className="flex h-full min-h-[70vh] flex-col items-center justify-center gap-4 p-6 text-center">
      <SearchX aria-hidden="true" className="size-12 text-neutral-500" />
      <h1 className="text-2xl font-semibold">Page not found</h1>
      <p className="max-w-xs text-neutral-400">The page you are looking for does not exist or has moved.</p>
      <Link
        to="/"
        className="rounded-full bg-white px-5 py-2 font-medium text-black focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
      >
        Back to the feed
      </Link>
    </section>
  );
}

import { Link } from "react-router";

export function NotFoundPage() {
  return (
    <section className="flex h-full flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-semibold">Page not found</h1>
      <p className="text-neutral-400">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className="rounded-full bg-white px-5 py-2 font-medium text-black">
        Back to the feed
      </Link>
    </section>
  );
}

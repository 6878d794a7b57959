import { LayoutDashboard } from "lucide-react";
import { Link } from "react-router";
import { useSession } from "../../shared/session/use-session.ts";

const SECTIONS = [
  { to: "/admin/products", label: "Products" },
  { to: "/admin/brands", label: "Brands" },
  { to: "/admin/users", label: "Users" },
  { to: "/admin/analytics", label: "Analytics" },
  { to: "/admin/settings", label: "Settings" },
];

/** The admin area (reached only through RequireAdmin); the screens' contents are not in the spec. */
export function AdminRoutes() {
  const { user } = useSession();
  return (
    <section className="px-4 pt-6 pb-[calc(var(--bottom-nav-height)+1.5rem)]">
      <h1 className="flex items-center gap-2 text-2xl font-semibold text-white">
        <LayoutDashboard aria-hidden="true" className="size-6 text-rose-400" /> Admin Dashboard
      </h1>
      <p className="mt-1 text-sm text-neutral-400">Signed in as {user?.email}</p>
      <nav aria-label="Admin sections" className="mt-6 grid grid-cols-2 gap-3">
        {SECTIONS.map((section) => (
          <Link key={section.to} to={section.to} className="rounded-2xl border border-neutral-800 bg-neutral-950 px-4 py-5 font-medium text-white hover:bg-neutral-900">
            {section.label}
          </Link>
        ))}
      </nav>
    </section>
  );
}

import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link, NavLink } from "react-router";
import { useSession } from "../../shared/session/use-session.ts";
import { ADMIN_SECTIONS } from "./admin-sections.tsx";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `flex shrink-0 items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-white ${
    isActive ? "bg-rose-500/15 text-rose-200" : "text-neutral-300 hover:bg-white/5 hover:text-white"
  }`;

function SectionLinks() {
  return ADMIN_SECTIONS.map(({ path, label, icon: Icon }) => (
    <NavLink key={path} to={path ? `/admin/${path}` : "/admin"} end={!path} className={linkClass}>
      <Icon aria-hidden="true" className="size-4" />
      {label}
    </NavLink>
  ));
}

/**
 * The admin area's frame, full width (not the shopper's phone column): under 768 px a sticky bar
 * whose section links scroll sideways; from 768 px a sidebar.
 */
export function AdminLayout({ children }: { children: ReactNode }) {
  const { user } = useSession();
  return (
    <div className="min-h-dvh bg-[#0b0b0f] text-neutral-100 md:flex">
      <header className="sticky top-0 z-20 border-b border-white/10 bg-[#0b0b0f]/95 backdrop-blur md:static md:h-dvh md:w-60 md:shrink-0 md:border-r md:border-b-0 md:bg-neutral-950">
        <div className="flex items-center justify-between gap-2 px-4 pt-3 md:block md:px-4 md:pt-5">
          <p className="text-base font-semibold text-white">Admin</p>
          <Link
            to="/"
            className="flex items-center gap-1 rounded-lg px-2 py-1 text-sm text-neutral-300 hover:text-white focus-visible:outline-2 focus-visible:outline-white md:mt-2 md:px-0"
          >
            <ArrowLeft aria-hidden="true" className="size-4" /> Back to store
          </Link>
        </div>
        <nav aria-label="Admin sections" className="flex gap-1 overflow-x-auto px-3 py-2 md:mt-4 md:flex-col md:overflow-visible md:px-3">
          <SectionLinks />
        </nav>
        {user ? (
          // Whole, wrapped where the sidebar is too narrow: a long name or email is never cut.
          <p className="hidden px-4 pt-4 text-xs text-neutral-400 md:block">
            Signed in as <span className="block text-sm font-medium wrap-break-word text-neutral-200">{user.name}</span>
            <span className="block wrap-anywhere">{user.email}</span>
          </p>
        ) : null}
      </header>
      <main id="main" className="min-w-0 flex-1 md:h-dvh md:overflow-y-auto">
        <div className="mx-auto w-full max-w-6xl px-4 py-5 md:px-8 md:py-8">{children}</div>
      </main>
    </div>
  );
}

import type { AuditEntry } from "@reelmart/core/api/admin";
import { formatPrice, formatRelativeTime } from "@reelmart/core/format";
import { Plus } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { shopperMessage } from "../../../shared/api/shopper-message.ts";
import { Button } from "../../../shared/ui/button.tsx";
import { Spinner } from "../../../shared/ui/spinner.tsx";
import { useDashboard } from "../api/get-dashboard.ts";
import { AdminPageHeader } from "../components/admin-page-header.tsx";

function Stat({ label, value, to, tone = "neutral" }: { label: string; value: number | string; to?: string; tone?: "neutral" | "warn" }) {
  const body = (
    <>
      <span className="text-sm text-neutral-400">{label}</span>
      <span className={`mt-1 block text-2xl font-semibold ${tone === "warn" ? "text-amber-300" : "text-white"}`}>{value}</span>
    </>
  );
  const className = "block rounded-xl border border-white/10 bg-neutral-950 p-4";
  return to ? (
    <Link to={to} className={`${className} hover:border-white/25 focus-visible:outline-2 focus-visible:outline-white`}>
      {body}
    </Link>
  ) : (
    <div className={className}>{body}</div>
  );
}

function describeChange(entry: AuditEntry): string {
  const name = entry.summary.title ?? entry.summary.name ?? entry.summary.email;
  return `${entry.action} ${entry.entity}${typeof name === "string" ? ` "${name}"` : ""}`;
}

/** /admin: the store at a glance, the latest changes (audit log) and quick links. */
export function DashboardPage() {
  const { data, isPending, error } = useDashboard();
  const navigate = useNavigate();

  return (
    <>
      <AdminPageHeader
        title="Admin Dashboard"
        description="Your store at a glance"
        actions={
          <Button onClick={() => void navigate("/admin/products/new")}>
            <Plus aria-hidden="true" className="size-4" /> New product
          </Button>
        }
      />
      {isPending ? <Spinner label="Loading the dashboard" className="py-12" /> : null}
      {error ? <p role="alert" className="text-sm text-red-400">{shopperMessage(error)}</p> : null}
      {data ? (
        <div className="flex flex-col gap-8">
          <section aria-labelledby="counts-heading">
            <h2 id="counts-heading" className="sr-only">Counts</h2>
            <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
              <Stat label="Active products" value={data.products.active} to="/admin/products?status=active" />
              <Stat label="Drafts" value={data.products.draft} to="/admin/products?status=draft" />
              <Stat label="Archived" value={data.products.archived} to="/admin/products?status=archived" />
              <Stat label="Out of stock" value={data.products.outOfStock} to="/admin/products?outOfStock=true" tone={data.products.outOfStock ? "warn" : "neutral"} />
              <Stat label="Brands" value={data.brands} to="/admin/brands" />
              <Stat label="Categories" value={data.categories} to="/admin/categories" />
              <Stat label="Users" value={`${data.users} (${data.admins} admin${data.admins === 1 ? "" : "s"})`} to="/admin/users" />
              <Stat label="Orders to ship" value={data.orders.byStatus.placed ?? 0} to="/admin/orders?status=placed" tone={data.orders.byStatus.placed ? "warn" : "neutral"} />
              <Stat label="Orders today" value={data.orders.ordersToday} to="/admin/orders" />
              <Stat label="Revenue" value={formatPrice(data.orders.revenue)} />
              <Stat label="Media jobs waiting" value={data.mediaJobs.waiting} />
              <Stat label="Media jobs failed" value={data.mediaJobs.failed} tone={data.mediaJobs.failed ? "warn" : "neutral"} />
            </div>
          </section>
          <section aria-labelledby="changes-heading">
            <h2 id="changes-heading" className="mb-3 text-lg font-semibold text-white">
              Latest changes
            </h2>
            {data.recentChanges.length === 0 ? (
              <p className="text-sm text-neutral-400">No changes yet. Every change an admin makes is listed here.</p>
            ) : (
              <ul className="divide-y divide-white/10 rounded-xl border border-white/10">
                {data.recentChanges.map((entry) => (
                  <li key={entry.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3 text-sm">
                    <span className="text-neutral-100">
                      <span className="text-neutral-400">{entry.actorEmail}</span> {describeChange(entry)}
                    </span>
                    <time dateTime={entry.createdAt} className="text-xs text-neutral-400">
                      {formatRelativeTime(entry.createdAt)}
                    </time>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      ) : null}
    </>
  );
}

import type { AdminUser } from "@reelmart/core/api/admin";
import { formatDay, formatRelativeTime } from "@reelmart/core/format";
import { type ColumnDef, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { toast } from "../../../shared/ui/toast.ts";
import { useDebounced } from "../../../shared/hooks/use-debounced.ts";
import { useSession } from "../../../shared/session/use-session.ts";
import { Button } from "../../../shared/ui/button.tsx";
import { Field } from "../../../shared/ui/field.tsx";
import { Spinner } from "../../../shared/ui/spinner.tsx";
import { useInviteUser } from "../api/invite-admin.ts";
import { useUsers } from "../api/list-users.ts";
import { type UserChange, useUpdateUser } from "../api/update-user.ts";
import { AdminPageHeader } from "../components/admin-page-header.tsx";
import { AdminTable, WIDE_ONLY_COLUMN } from "../components/admin-table.tsx";
import { ConfirmDialog } from "../components/confirm-dialog.tsx";
import { toastFailure } from "../components/toast-failure.ts";

const CHANGE_WORDS: Record<UserChange["change"], { confirm: string; description: string; done: string }> = {
  "grant-admin": { confirm: "Make admin", description: "They will be able to change everything in the store.", done: "is now an admin" },
  "revoke-admin": { confirm: "Revoke admin", description: "They keep their shopper account.", done: "is no longer an admin" },
  ban: { confirm: "Ban", description: "They are signed out everywhere at once and cannot sign in until unbanned.", done: "is banned" },
  unban: { confirm: "Unban", description: "They can sign in again.", done: "is no longer banned" },
  "sign-out": { confirm: "Sign out everywhere", description: "Every session on every device ends now.", done: "was signed out everywhere" },
};

type PendingChange = { user: AdminUser; change: UserChange["change"] };

function RoleBadges({ user }: { user: AdminUser }) {
  return (
    <>
      {user.banned ? <span className="rounded-full bg-red-500/15 px-2 py-0.5 text-xs text-red-300">Banned</span> : null}
      {user.isAdmin ? <span className="rounded-full bg-rose-500/15 px-2 py-0.5 text-xs text-rose-200">Admin</span> : null}
      {!user.banned && !user.isAdmin ? <span className="text-xs text-neutral-400">Shopper</span> : null}
    </>
  );
}

/** The table's columns; the actions ask first through `ask`, and nobody bans themselves. */
function userColumns(myId: string | null, ask: (pending: PendingChange) => void): ColumnDef<AdminUser>[] {
  return [
    {
      id: "name",
      header: "Name",
      meta: WIDE_ONLY_COLUMN,
      // The table gives a column its share by what its cells could shrink to, and an email breaks
      // anywhere: without a floor a name of two words broke into lines at 1280 px.
      cell: ({ row }) => <span className="block min-w-48 text-white">{row.original.name || "—"}</span>,
    },
    {
      id: "email",
      header: "Email",
      cell: ({ row: { original: user } }) => (
        <>
          {/* A phone shows one column for who the user is: name, email and role. */}
          <span className="block text-white md:hidden">{user.name || "—"}</span>
          <span className="break-all">{user.email}</span>
          <span className="mt-1 block md:hidden">
            <RoleBadges user={user} />
          </span>
        </>
      ),
    },
    { id: "role", header: "Role", meta: WIDE_ONLY_COLUMN, cell: ({ row }) => <RoleBadges user={row.original} /> },
    {
      id: "joined",
      header: "Joined",
      meta: { className: "hidden text-neutral-300 md:table-cell" },
      cell: ({ row }) => <time dateTime={row.original.joinedAt}>{formatDay(row.original.joinedAt)}</time>,
    },
    {
      id: "active",
      header: "Last active",
      meta: { className: "hidden text-neutral-300 md:table-cell" },
      cell: ({ row }) => (row.original.lastActiveAt ? formatRelativeTime(row.original.lastActiveAt) : "Never"),
    },
    {
      id: "actions",
      header: "Actions",
      cell: ({ row: { original: user } }) => (
        <div className="flex flex-wrap gap-1">
          <Button size="sm" variant="outline" onClick={() => ask({ user, change: user.isAdmin ? "revoke-admin" : "grant-admin" })} disabled={user.banned}>
            {user.isAdmin ? "Revoke admin" : "Make admin"}
          </Button>
          {user.id !== myId ? (
            <Button size="sm" variant="outline" onClick={() => ask({ user, change: user.banned ? "unban" : "ban" })}>
              {user.banned ? "Unban" : "Ban"}
            </Button>
          ) : null}
          <Button size="sm" variant="ghost" onClick={() => ask({ user, change: "sign-out" })}>
            Sign out everywhere
          </Button>
        </div>
      ),
    },
  ];
}

/** /admin/users: search and page through users; admin role, ban and sign-out; invite by email. */
export function UsersPage() {
  const [search, setSearch] = useState("");
  const q = useDebounced(search.trim(), 300);
  const users = useUsers(q);
  const update = useUpdateUser();
  const invite = useInviteUser();
  const { user: me } = useSession();
  const [pending, setPending] = useState<PendingChange | null>(null);
  const [inviteEmail, setInviteEmail] = useState("");
  const rows = useMemo(() => users.data?.pages.flatMap((page) => page.items) ?? [], [users.data]);
  const columns = useMemo(() => userColumns(me?.id ?? null, setPending), [me?.id]);
  const table = useReactTable({ data: rows, columns, getRowId: (row) => row.id, getCoreRowModel: getCoreRowModel() });

  const run = () => {
    if (!pending) return;
    const { user, change } = pending;
    update.mutate(
      { id: user.id, change },
      {
        onSuccess: () => {
          toast.success(`${user.email} ${CHANGE_WORDS[change].done}`);
          setPending(null);
        },
        onError: (error) => {
          setPending(null);
          toastFailure("Failed to update user", error);
        },
      },
    );
  };

  return (
    <>
      <AdminPageHeader title="Users" description="Everyone with an account, newest first." />
      <div className="mb-5 grid gap-4 md:grid-cols-2">
        <Field label="Search users" type="search" placeholder="Name or email" value={search} onChange={(event) => setSearch(event.target.value)} className="py-2.5" />
        <form
          className="flex items-start gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            invite.mutate(inviteEmail.trim(), {
              onSuccess: (result) => {
                toast.success(result.status === "created" ? `Invitation sent to ${result.email}` : `Invitation sent again to ${result.email}`);
                setInviteEmail("");
              },
              onError: (error) => toastFailure("Failed to invite", error),
            });
          }}
        >
          <Field label="Invite by email" type="email" value={inviteEmail} onChange={(event) => setInviteEmail(event.target.value)} className="py-2.5" hint="They get a link to choose a password; grant admin once they join." />
          <Button type="submit" className="mt-7" disabled={!inviteEmail.trim() || invite.isPending}>
            Invite
          </Button>
        </form>
      </div>
      <AdminTable table={table} label="Users" minWidthClass="md:min-w-[760px]">
        {users.isPending ? <Spinner label="Loading users" className="py-10" /> : null}
        {!users.isPending && rows.length === 0 ? <p className="px-4 py-10 text-center text-sm text-neutral-400">No users match.</p> : null}
      </AdminTable>
      {users.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button variant="outline" onClick={() => void users.fetchNextPage()} disabled={users.isFetchingNextPage}>
            {users.isFetchingNextPage ? "Loading..." : "Load more"}
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={pending ? `${CHANGE_WORDS[pending.change].confirm}: ${pending.user.email}?` : ""}
        description={pending ? CHANGE_WORDS[pending.change].description : ""}
        confirmLabel={pending ? CHANGE_WORDS[pending.change].confirm : ""}
        pending={update.isPending}
        onConfirm={run}
      />
    </>
  );
}

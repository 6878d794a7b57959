import { Link } from "react-router";
import { AdminPageHeader } from "./components/admin-page-header.tsx";

export function AdminNotFound() {
  return (
    <>
      <AdminPageHeader title="Page not found" description="There is no admin page at this address." />
      <Link to="/admin" className="text-sm font-medium text-rose-300 underline underline-offset-4">
        Go to the dashboard
      </Link>
    </>
  );
}

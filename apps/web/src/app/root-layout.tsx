import { Outlet } from "react-router";

export function RootLayout() {
  return (
    <main className="mx-auto h-full max-w-[480px]">
      <Outlet />
    </main>
  );
}

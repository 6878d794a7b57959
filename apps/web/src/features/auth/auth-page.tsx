// Placeholder until this feature's issue lands; the route table already points here.
export function AuthPage() {
  return <h1 className="p-6 text-xl font-semibold">Sign in</h1>;
}

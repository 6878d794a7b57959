// Placeholder until this feature's issue lands; the route table already points here.
export function SearchPage() {
  return <h1 className="p-6 text-xl font-semibold">Search</h1>;
}

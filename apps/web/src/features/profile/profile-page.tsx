// Placeholder until this feature's issue lands; the route table already points here.
export function ProfilePage() {
  return <h1 className="p-6 text-xl font-semibold">Profile</h1>;
}

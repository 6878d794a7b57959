/** Who is asking: set for every request by the auth module's session middleware, passed to services as it is. */
export interface Viewer {
  userId: string;
  email: string;
  name: string;
  isAdmin: boolean;
  /** The client's address (a trusted proxy's forwarded one, or the socket's), for the audit log. */
  address: string | null;
}

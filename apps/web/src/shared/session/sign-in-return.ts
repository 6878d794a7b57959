/**
 * The navigation state that sends a visitor to /auth and brings them back after signing in: where
 * they were (`from`: path, query and hash) and, for an action that waits on sign-in such as adding
 * to the cart, the product it was for. The one shape every 'sign in first' link uses and /auth reads.
 */
export interface SignInReturnState {
  from: string;
  productId?: string;
}

/** The state for a link or redirect to /auth from `location`. */
export function signInReturnState(location: { pathname: string; search: string; hash?: string }, productId?: string): SignInReturnState {
  const from = `${location.pathname}${location.search}${location.hash ?? ""}`;
  return productId ? { from, productId } : { from };
}


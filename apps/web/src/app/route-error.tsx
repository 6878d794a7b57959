import { isRouteErrorResponse, useRouteError } from "react-router";
import { SectionErrorFallback } from "../shared/ui/error-fallback.tsx";

/** A page that throws (or whose chunk fails to load) shows the section fallback inside the layout. */
export function RouteErrorFallback() {
  const error = useRouteError();
  return <SectionErrorFallback error={isRouteErrorResponse(error) ? new Error(error.statusText || `Error ${error.status}`) : error} />;
}

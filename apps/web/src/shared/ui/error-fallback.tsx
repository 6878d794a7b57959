import { AlertTriangle } from "lucide-react";
import { Component, type ErrorInfo, type ReactNode } from "react";
import { Button } from "./button.tsx";

const reload = () => window.location.reload();

/** 000 §2: the section fallback, with the error's message or the spec's default sentence. */
export function SectionErrorFallback({ error }: { error: unknown }) {
  const message = error instanceof Error && error.message ? error.message : "An unexpected error occurred in this section.";
  return (
    <div role="alert" className="flex flex-col items-center justify-center gap-3 px-6 py-12 text-center">
      <AlertTriangle aria-hidden="true" className="size-10 text-amber-400" />
      <h2 className="text-lg font-semibold">Something went wrong</h2>
      <p className="max-w-xs text-sm break-words text-neutral-400">{message}</p>
      <Button variant="inverse" onClick={reload}>
        Reload Page
      </Button>
    </div>
  );
}

/** 000 §2: what shows when the whole app fails to render. */
export function RootErrorFallback() {
  return (
    <div role="alert" className="flex h-full flex-col items-center justify-center gap-3 px-6 text-center">
      <h1 className="text-xl font-semibold">Something went wrong</h1>
      <p className="text-sm text-neutral-400">Please refresh the page to try again.</p>
      <Button variant="inverse" onClick={reload}>
        Refresh Page
      </Button>
    </div>
  );
}

interface ErrorBoundaryProps {
  children: ReactNode;
  /** Renders the fallback; defaults to the section fallback. */
  fallback?: (error: unknown) => ReactNode;
  /** A new value clears a caught error and renders the children again (a screen's boundary: its path). */
  resetKey?: unknown;
}

interface ErrorBoundaryState {
  error: unknown;
  failed: boolean;
  resetKey: unknown;
}

/** Catches render errors below it so one broken section does not blank the app. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: ErrorBoundaryState): Partial<ErrorBoundaryState> | null {
    if (Object.is(props.resetKey, state.resetKey)) return null;
    return { error: null, failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error("Render failed", error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return this.props.fallback ? this.props.fallback(this.state.error) : <SectionErrorFallback error={this.state.error} />;
  }
}

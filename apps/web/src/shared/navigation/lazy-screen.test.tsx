import { act, render, screen } from "@testing-library/react";
import { Suspense, startTransition, useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { ErrorBoundary } from "../ui/error-fallback.tsx";
import { lazyScreen } from "./lazy-screen.tsx";

// A render that suspends is awaited in act(): inside a test React retries a suspended render only then.

/** A screen module that arrives when the test says so. */
function deferredModule(text: string) {
  let arrive: () => void = () => {};
  let fail: (error: Error) => void = () => {};
  const loadModule = vi.fn(
    () =>
      new Promise<{ Component: () => React.ReactNode }>((resolve, reject) => {
        arrive = () => resolve({ Component: () => <p>{text}</p> });
        fail = reject;
      }),
  );
  return { loadModule, arrive: () => arrive(), fail: (error: Error) => fail(error) };
}

describe("lazyScreen", () => {
  it("suspends like React.lazy while its code is on its way, then shows the screen", async () => {
    const module = deferredModule("Feed screen");
    const { Screen } = lazyScreen(module.loadModule);
    await act(async () => {
      render(
        <Suspense fallback={<p>Spinner</p>}>
          <Screen />
        </Suspense>,
      );
    });
    expect(screen.getByText("Spinner")).toBeInTheDocument();
    await act(async () => module.arrive());
    expect(await screen.findByText("Feed screen")).toBeInTheDocument();
  });

  it("renders in the first commit, without the fallback, once its code has been loaded", async () => {
    const module = deferredModule("Feed screen");
    const { Screen, load } = lazyScreen(module.loadModule);
    const loaded = load();
    module.arrive();
    await loaded;
    const fallback = vi.fn(() => <p>Spinner</p>);
    function Fallback() {
      return fallback();
    }
    render(
      <Suspense fallback={<Fallback />}>
        <Screen />
      </Suspense>,
    );
    // No await: the screen is in the same synchronous render, and the fallback never rendered.
    expect(screen.getByText("Feed screen")).toBeInTheDocument();
    expect(fallback).not.toHaveBeenCalled();
  });

  it("given the path it will show, also waits for what the screen loads for that path", async () => {
    const shown: string[] = [];
    const loadFor = vi.fn(async (pathname: string) => {
      await Promise.resolve();
      shown.push(pathname);
    });
    const { load } = lazyScreen(async () => ({ Component: () => <p>Admin</p>, loadFor }));
    await load("/admin/brands");
    expect(shown).toEqual(["/admin/brands"]);
    await load();
    expect(loadFor).toHaveBeenCalledTimes(1);
  });

  it("loads its code once, however often it is asked for or rendered", async () => {
    const module = deferredModule("Cart screen");
    const { Screen, load } = lazyScreen(module.loadModule);
    void load();
    await act(async () => {
      render(
        <Suspense fallback={<p>Spinner</p>}>
          <Screen />
          <Screen />
        </Suspense>,
      );
    });
    await act(async () => module.arrive());
    expect(await screen.findAllByText("Cart screen")).toHaveLength(2);
    await load();
    expect(module.loadModule).toHaveBeenCalledTimes(1);
  });

  it("keeps the current screen during a navigation (a transition) until the next screen's code is in", async () => {
    const module = deferredModule("Search screen");
    const { Screen } = lazyScreen(module.loadModule);
    let navigate: () => void = () => {};
    function Routes() {
      const [next, setNext] = useState(false);
      navigate = () => startTransition(() => setNext(true));
      return next ? <Screen /> : <p>Feed screen</p>;
    }
    await act(async () => {
      render(
        <Suspense fallback={<p>Spinner</p>}>
          <Routes />
        </Suspense>,
      );
    });
    await act(async () => navigate());
    expect(screen.getByText("Feed screen")).toBeInTheDocument();
    expect(screen.queryByText("Spinner")).not.toBeInTheDocument();
    await act(async () => module.arrive());
    expect(await screen.findByText("Search screen")).toBeInTheDocument();
  });

  it("hands a failed load to the error boundary", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const module = deferredModule("Orders screen");
    const { Screen } = lazyScreen(module.loadModule);
    await act(async () => {
      render(
        <ErrorBoundary fallback={() => <p>Could not load this section</p>}>
          <Suspense fallback={<p>Spinner</p>}>
            <Screen />
          </Suspense>
        </ErrorBoundary>,
      );
    });
    await act(async () => module.fail(new Error("Failed to fetch dynamically imported module")));
    expect(await screen.findByText("Could not load this section")).toBeInTheDocument();
  });
});

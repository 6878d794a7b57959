import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { lazy, Suspense } from "react";
import { Link, Route, Routes, useLocation } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { AppRouter, useLeaveBlocker, useNavigationPending } from "./app-router.tsx";

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

/** A form page that guards itself while `dirty`, with the prompt's two answers as buttons. */
function Editor({ dirty }: { dirty: boolean }) {
  const blocker = useLeaveBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  return (
    <>
      <Link to="/list">Back to the list</Link>
      {blocker.state === "blocked" ? (
        <>
          <button type="button" onClick={blocker.proceed}>
            Leave
          </button>
          <button type="button" onClick={blocker.reset}>
            Stay
          </button>
        </>
      ) : null}
    </>
  );
}

function renderApp(dirty: boolean) {
  return render(
    <AppRouter>
      <Where />
      <Routes>
        <Route path="/list" element={<Link to="/edit">Edit</Link>} />
        <Route path="/edit" element={<Editor dirty={dirty} />} />
      </Routes>
    </AppRouter>,
  );
}

const where = () => screen.getByTestId("where").textContent;

afterEach(() => window.history.replaceState(null, "", "/"));

describe("AppRouter", () => {
  it("follows links and the browser's back button", async () => {
    window.history.replaceState(null, "", "/list");
    renderApp(false);
    await userEvent.click(screen.getByRole("link", { name: "Edit" }));
    await waitFor(() => expect(where()).toBe("/edit"));
    await userEvent.click(screen.getByRole("link", { name: "Back to the list" }));
    await waitFor(() => expect(where()).toBe("/list"));
    act(() => window.history.back());
    await waitFor(() => expect(where()).toBe("/edit"));
  });

  it("keeps the current screen, and says a navigation is pending, while the next screen's code loads", async () => {
    let arrive: (module: { default: () => React.ReactNode }) => void = () => {};
    const Slow = lazy(() => new Promise<{ default: () => React.ReactNode }>((resolve) => (arrive = resolve)));
    function Pending() {
      return useNavigationPending() ? <p>Loading page</p> : null;
    }
    window.history.replaceState(null, "", "/list");
    render(
      <AppRouter>
        <Pending />
        <Suspense fallback={<p>Spinner</p>}>
          <Routes>
            <Route path="/list" element={<Link to="/slow">Slow</Link>} />
            <Route path="/slow" element={<Slow />} />
          </Routes>
        </Suspense>
      </AppRouter>,
    );
    await userEvent.click(screen.getByRole("link", { name: "Slow" }));
    await screen.findByText("Loading page");
    expect(screen.getByRole("link", { name: "Slow" })).toBeInTheDocument();
    expect(screen.queryByText("Spinner")).not.toBeInTheDocument();
    await act(async () => arrive({ default: () => <p>Slow screen</p> }));
    await screen.findByText("Slow screen");
    expect(screen.queryByText("Loading page")).not.toBeInTheDocument();
  });

  it("holds a link away from a guarded page until the shopper chooses to leave", async () => {
    window.history.replaceState(null, "", "/edit");
    renderApp(true);
    await userEvent.click(screen.getByRole("link", { name: "Back to the list" }));
    await userEvent.click(await screen.findByRole("button", { name: "Stay" }));
    expect(where()).toBe("/edit");
    expect(window.location.pathname).toBe("/edit");
    expect(screen.queryByRole("button", { name: "Leave" })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole("link", { name: "Back to the list" }));
    await userEvent.click(await screen.findByRole("button", { name: "Leave" }));
    await waitFor(() => expect(where()).toBe("/list"));
    expect(window.location.pathname).toBe("/list");
  });

  it("undoes a back step away from a guarded page, and takes it once confirmed", async () => {
    window.history.replaceState(null, "", "/list");
    const { rerender } = renderApp(false);
    await userEvent.click(screen.getByRole("link", { name: "Edit" }));
    await waitFor(() => expect(where()).toBe("/edit"));
    rerender(
      <AppRouter>
        <Where />
        <Routes>
          <Route path="/list" element={<Link to="/edit">Edit</Link>} />
          <Route path="/edit" element={<Editor dirty />} />
        </Routes>
      </AppRouter>,
    );

    act(() => window.history.back());
    await screen.findByRole("button", { name: "Leave" });
    await waitFor(() => expect(window.location.pathname).toBe("/edit"));
    expect(where()).toBe("/edit");

    await userEvent.click(screen.getByRole("button", { name: "Leave" }));
    await waitFor(() => expect(where()).toBe("/list"));
    expect(window.location.pathname).toBe("/list");
  });
});

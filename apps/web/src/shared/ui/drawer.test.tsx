import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Drawer } from "./drawer.tsx";

describe("Drawer", () => {
  it("is a dialog named by its title and described by its description", async () => {
    render(
      <Drawer open onOpenChange={() => {}} title="Share" description="Share this video">
        <button type="button">Copy Link</button>
      </Drawer>,
    );
    const dialog = await screen.findByRole("dialog", { name: "Share" });
    expect(dialog).toHaveAccessibleDescription("Share this video");
    expect(screen.getByRole("button", { name: "Copy Link" })).toBeInTheDocument();
  });

  it("renders nothing while closed", () => {
    render(
      <Drawer open={false} onOpenChange={() => {}} title="Comments" description="Comments on this video">
        <p>body</p>
      </Drawer>,
    );
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.queryByText("body")).not.toBeInTheDocument();
  });
});

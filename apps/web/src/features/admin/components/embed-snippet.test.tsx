import { fireEvent, render, screen } from "@testing-library/react";
import { Toaster } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { EmbedSnippetButton } from "./embed-snippet.tsx";

const BRAND_ID = "33333333-3333-4333-8333-333333333333";
const origin = window.location.origin;

afterEach(() => vi.unstubAllGlobals());

describe("EmbedSnippetButton", () => {
  it("shows the script and iframe forms for the chosen layout and copies each", async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    render(
      <>
        <EmbedSnippetButton target={{ kind: "brand", id: BRAND_ID }} title="Lumen" size="icon" />
        <Toaster />
      </>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Embed snippet for Lumen" }));
    const script = screen.getByLabelText(/^Script/) as HTMLTextAreaElement;
    const iframe = screen.getByLabelText(/^Iframe/) as HTMLTextAreaElement;
    expect(script.value).toBe(`<script async src="${origin}/embed.js"></script>\n<reelmart-videos brand="${BRAND_ID}" layout="carousel"></reelmart-videos>`);
    expect(iframe.value).toContain(`<iframe src="${origin}/embed/brand/${BRAND_ID}?layout=carousel" width="640" height="520" title="Lumen"`);

    fireEvent.change(screen.getByLabelText("Layout"), { target: { value: "feed" } });
    expect(script.value).toContain('layout="feed"');
    expect(iframe.value).toContain(`/embed/brand/${BRAND_ID}?layout=feed" width="360" height="640"`);

    fireEvent.click(screen.getByRole("button", { name: "Copy iframe snippet" }));
    expect(await screen.findByText("Iframe snippet copied")).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(iframe.value);
  });

  it("offers no layout for a single video", () => {
    render(<EmbedSnippetButton target={{ kind: "v", id: "m1" }} title="Trail run" />);
    fireEvent.click(screen.getByRole("button", { name: /Embed/ }));
    expect(screen.queryByLabelText("Layout")).not.toBeInTheDocument();
    expect((screen.getByLabelText(/^Script/) as HTMLTextAreaElement).value).toContain('<reelmart-videos video="m1"></reelmart-videos>');
    expect((screen.getByLabelText(/^Iframe/) as HTMLTextAreaElement).value).toContain(`src="${origin}/embed/v/m1" width="360" height="640"`);
  });
});

import type { Media } from "@reelmart/core/api/catalog";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen } from "@testing-library/react";
import { Toaster } from "sonner";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { VideoPlayer } from "./video-player.tsx";
import { defineBeforeMount } from "../ui/media-state.test-helper.ts";

const MEDIA: Media = {
  id: "11111111-1111-4111-8111-111111111111",
  productId: "22222222-2222-4222-8222-222222222222",
  url: "/media/product-media/products/p/plain.mp4",
  type: "video",
  category: "product",
  title: null,
  duration: 10,
  isMain: true,
  isCover: false,
  displayOrder: 0,
  thumbnailUrl: null,
  likeCount: 0,
  commentCount: 0,
  viewCount: 0,
  shareCount: 0,
  status: "ready",
  renditions: [],
};

function renderPlayer(media: Media, productThumbnailUrl: string | null, { fireError = true } = {}) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <VideoPlayer
        media={media}
        productThumbnailUrl={productThumbnailUrl}
        label="Desk Lamp"
        load="play"
        captureThumbnail={false}
        fullscreen={false}
        onToggleFullscreen={() => {}}
      />
      <Toaster />
    </QueryClientProvider>,
  );
  if (fireError) fireEvent.error(screen.getByLabelText("Desk Lamp", { selector: "video" }));
}

describe("VideoPlayer failure (001 §2, §8)", () => {
  beforeEach(() => {
    vi.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, "pause").mockImplementation(() => {});
    vi.stubGlobal("fetch", vi.fn(() => Promise.resolve(new Response("{}", { status: 200 }))));
  });

  it("falls back to the thumbnail with 'Video unavailable - using thumbnail' and the playback-issue toast", async () => {
    renderPlayer({ ...MEDIA, thumbnailUrl: "/lamp-thumbnail.jpg" }, "/lamp.jpg");
    expect(await screen.findByText("Video unavailable - using thumbnail")).toBeInTheDocument();
    expect(await screen.findByText("Video playback issue")).toBeInTheDocument();
    expect(screen.queryByLabelText("Desk Lamp", { selector: "video" })).toBeNull();
  });

  it("says 'Media unavailable' and toasts 'Video Unavailable' when there is no thumbnail to show", async () => {
    renderPlayer(MEDIA, null);
    expect(await screen.findByText("Media unavailable")).toBeInTheDocument();
    expect(await screen.findByText("Video Unavailable")).toBeInTheDocument();
  });
});

describe("VideoPlayer events fired before it mounted (a transition's render)", () => {
  beforeEach(() => {
    vi.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, "pause").mockImplementation(() => {});
    vi.stubGlobal("fetch", vi.fn(() => Promise.resolve(new Response("{}", { status: 200 }))));
  });

  it("shows 'Media unavailable' for a video whose source failed before it mounted", async () => {
    defineBeforeMount(HTMLMediaElement.prototype, { error: { code: 4, message: "404" }, readyState: 0 });
    renderPlayer(MEDIA, null, { fireError: false });
    expect(await screen.findByText("Media unavailable")).toBeInTheDocument();
    expect(await screen.findByText("Video Unavailable")).toBeInTheDocument();
    expect(screen.queryByLabelText("Desk Lamp", { selector: "video" })).toBeNull();
  });

  it("shows the video once it had its first frame before it mounted", () => {
    defineBeforeMount(HTMLMediaElement.prototype, { error: null, readyState: HTMLMediaElement.HAVE_ENOUGH_DATA, paused: true });
    renderPlayer(MEDIA, "/lamp.jpg", { fireError: false });
    expect(screen.getByLabelText("Desk Lamp", { selector: "video" })).toHaveClass("opacity-100");
  });

  it("falls back from a poster that failed before it mounted to the product's picture", () => {
    defineBeforeMount(HTMLImageElement.prototype, { complete: true, naturalWidth: 0, decode: undefined });
    defineBeforeMount(HTMLMediaElement.prototype, { error: null, readyState: 0 });
    const { container } = render(
      <QueryClientProvider client={new QueryClient()}>
        <VideoPlayer
          media={{ ...MEDIA, thumbnailUrl: "/lamp-thumbnail.jpg" }}
          productThumbnailUrl="/lamp.jpg"
          label="Desk Lamp"
          load="play"
          captureThumbnail={false}
          fullscreen={false}
          onToggleFullscreen={() => {}}
        />
      </QueryClientProvider>,
    );
    // The fallback is a new source on the mounted element: its own events arrive as usual.
    expect(container.querySelector("img")).toHaveAttribute("src", "/lamp.jpg");
  });
});

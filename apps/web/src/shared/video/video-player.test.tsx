import type { Media } from "@reelmart/core/api/catalog";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen } from "@testing-library/react";
import { Toaster } from "sonner";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { VideoPlayer } from "./video-player.tsx";

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

function renderPlayer(media: Media, productThumbnailUrl: string | null) {
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
  fireEvent.error(screen.getByLabelText("Desk Lamp", { selector: "video" }));
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

import * as Tabs from "@radix-ui/react-tabs";
import type { ProductDetail } from "@reelmart/core/api/catalog";
import { Bookmark, Share2 } from "lucide-react";
import { Suspense, lazy, useMemo, useRef, useState } from "react";
import { useLocation, useParams, useSearchParams } from "react-router";
import { toast } from "../../shared/ui/toast.ts";
import { NotFoundWithBack, PageHeader } from "../../shared/ui/page-header.tsx";
import { ProductHeader } from "../../shared/product/product-header.tsx";
import { videoOpenedFrom } from "../../shared/product/profile-link.ts";
import { useProduct } from "../../shared/product/api/get-product.ts";
import { useSaved } from "../../shared/saved/use-saved.ts";
import { useSession } from "../../shared/session/use-session.ts";
import { Spinner } from "../../shared/ui/spinner.tsx";
import { useDeferredArrival } from "../../shared/hooks/use-deferred-arrival.ts";
import { ImageGallery } from "./image-gallery.tsx";
import { type MediaTab, availableTabs, groupMedia, initialTab, resolveTab } from "./media-tab-rules.ts";
import { SimilarProducts } from "./similar-products.tsx";
import { SubmitVideo } from "./submit-video.tsx";
import { VideoGrid } from "./video-grid.tsx";
import { Button } from "../../shared/ui/button.tsx";
import { useBootPictureUntilShown } from "../../shared/product/boot-picture.ts";

// The reviews tab (with the reviews API's schemas) loads when it is first shown: most visits open on
// the videos (decision 162).
const ReviewsTab = lazy(async () => ({ default: (await import("./reviews-tab.tsx")).ReviewsTab }));

export function ProductProfilePage() {
  const { id = "" } = useParams();
  const product = useProduct(id);
  // The answer renders as a transition (in slices), the loading state meanwhile.
  const data = useDeferredArrival(product.data);
  const loading = (product.isPending && product.fetchStatus !== "idle") || (product.data !== undefined && data === undefined);
  useBootPictureUntilShown(loading || product.data !== undefined);

  if (loading) {
    return (
      <div className="flex h-full flex-col items-center justify-center gap-3" role="status">
        <Spinner label="Loading product details..." />
        <p className="text-sm text-neutral-400">Loading product details...</p>
      </div>
    );
  }
  if (!data) {
    return <NotFoundWithBack title="Product not found" />;
  }
  return <ProductProfile product={data} />;
}

const TAB_LABELS: Record<MediaTab, string> = { videos: "ORIGINs", ugc: "UGC", images: "Images", reviews: "Reviews" };

function ProductProfile({ product }: { product: ProductDetail }) {
  const [search] = useSearchParams();
  const location = useLocation();
  const { isSaved, toggle } = useSaved();
  const { user } = useSession();
  const saved = isSaved(product.id);
  const groups = useMemo(() => groupMedia(product.media), [product.media]);
  const editable = user?.isAdmin === true;
  const tabs = availableTabs(groups, editable);
  const [requested, setRequested] = useState<MediaTab>(() => initialTab(search, location.state));
  const active = resolveTab(requested, tabs);
  const tabsRef = useRef<HTMLDivElement>(null);
  const hasMedia = groups.videos.length + groups.ugc.length + groups.images.length > 0;

  const openReviews = () => {
    setRequested("reviews");
    tabsRef.current?.scrollIntoView({ behavior: "smooth", block: "start" });
  };

  const iconButton = "rounded-full p-2 text-neutral-200 hover:bg-neutral-800 focus-visible:outline-2 focus-visible:outline-white";
  return (
    <div className="pb-[calc(var(--bottom-nav-height)+env(safe-area-inset-bottom))]">
      <PageHeader
        title={product.title}
        actions={
          <>
            <Button
              variant="bare"
              aria-label="Share"
              onClick={() => toast("Share product profile", { description: "Sharing functionality would open here" })}
              className={iconButton}
            >
              <Share2 aria-hidden="true" className="size-5" />
            </Button>
            <Button
              variant="bare"
              aria-label={saved ? "Remove from saved" : "Save product"}
              aria-pressed={saved}
              onClick={() => toggle(product)}
              className={iconButton}
            >
              <Bookmark aria-hidden="true" className={`size-5 ${saved ? "fill-white" : ""}`} />
            </Button>
          </>
        }
      />
      <ProductHeader product={product} onReviews={openReviews} fromMediaId={videoOpenedFrom(search, product.media)} />
      <div ref={tabsRef} className="mt-6 scroll-mt-14">
        {!hasMedia ? <p className="px-4 pb-2 text-sm text-neutral-400">No media content available for this product.</p> : null}
        <Tabs.Root value={active} onValueChange={(value) => setRequested(value as MediaTab)}>
          <Tabs.List aria-label="Product media" className="sticky top-14 z-10 flex border-b border-neutral-800 bg-[#0b0b0f]">
            {tabs.map((tab) => (
              <Tabs.Trigger
                key={tab}
                value={tab}
                className="flex-1 border-b-2 border-transparent py-3 text-sm font-medium text-neutral-400 data-[state=active]:border-white data-[state=active]:text-white focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-white"
              >
                {TAB_LABELS[tab]}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <div className="px-2 pt-3">
            <Tabs.Content value="videos">
              <VideoGrid product={product} videos={groups.videos} category="product" editable={editable} />
            </Tabs.Content>
            <Tabs.Content value="ugc">
              <SubmitVideo productId={product.id} />
              <VideoGrid product={product} videos={groups.ugc} category="ugc" editable={editable} />
            </Tabs.Content>
            <Tabs.Content value="images">
              <ImageGallery images={groups.images} productTitle={product.title} />
            </Tabs.Content>
            <Tabs.Content value="reviews" className="px-2">
              <Suspense fallback={<Spinner label="Loading reviews" className="py-10" />}>
                <ReviewsTab productId={product.id} />
              </Suspense>
            </Tabs.Content>
          </div>
        </Tabs.Root>
      </div>
      {tabs.includes("ugc") ? null : (
        <section aria-label="Customer videos" className="mt-4 px-2">
          <SubmitVideo productId={product.id} />
        </section>
      )}
      <SimilarProducts productId={product.id} />
    </div>
  );
}

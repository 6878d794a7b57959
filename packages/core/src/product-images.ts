// Which picture a product page shows first, in one place: the web app renders it and the server's
// page HTML preloads the same URL (decision 094), so the image request starts with the document
// instead of after the app's entry, the product request and the render.

interface Pictured {
  thumbnailUrl: string | null;
  media: readonly { type: string; url: string; isCover: boolean }[];
}

/** The product profile's 3:1 header: the cover image, else the first image, else the thumbnail. */
export function coverImageUrl(product: Pictured): string | null {
  const images = product.media.filter((media) => media.type === "image");
  return images.find((media) => media.isCover)?.url ?? images[0]?.url ?? product.thumbnailUrl;
}

/** The landing page gallery's first picture: the first image, else the thumbnail. */
export function firstGalleryImageUrl(product: Pictured): string | null {
  return product.media.find((media) => media.type === "image")?.url ?? product.thumbnailUrl;
}

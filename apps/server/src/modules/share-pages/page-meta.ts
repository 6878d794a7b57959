import type { Brand, Media, ProductSummary } from "@reelmart/core/api/catalog";
import { formatPrice, fromPaise } from "@reelmart/core/format";
import { unitPricePaise } from "@reelmart/core/pricing";
import type { PageHead } from "./page-head.ts";

// What each share page says about itself (docs/decisions/160-share-pages.md): title, description,
// canonical URL, Open Graph and Twitter card tags, and schema.org JSON-LD as Google documents it
// for products (Product + Offer, merchant listing fields), videos (VideoObject) and breadcrumbs.

/** Who is speaking: the store's public origin (PUBLIC_URL) and its name (admin settings). */
export interface Site {
  origin: string;
  storeName: string;
}

/** A video as its watch page describes it: the catalogue's media plus what the catalogue does not hold. */
export interface WatchVideo {
  media: Media;
  uploadedAt: Date;
  viewCount: number;
  likeCount: number;
}

const DESCRIPTION_MAX = 200;

export const absoluteUrl = (site: Site, url: string): string => new URL(url, `${site.origin}/`).href;

export const watchPath = (mediaId: string) => `/v/${mediaId}`;
const productPath = (productId: string) => `/product/${productId}`;
const brandPath = (brandId: string) => `/brand-shop/${brandId}`;

function clip(text: string, max = DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

/** Seconds as an ISO 8601 duration (PT1M5S), as VideoObject.duration asks. */
export function isoDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  return `PT${hours ? `${hours}H` : ""}${minutes ? `${minutes}M` : ""}${rest || total === 0 ? `${rest}S` : ""}`;
}

/** The store's icon (a web app file): the picture of a product that has none, since Product markup requires one. */
const STORE_ICON = "/icons/icon-512.png";

/** The product's picture (derived from its media by one rule, decision 207), else the store's icon. */
function productImage(product: ProductSummary): string {
  return product.thumbnailUrl ?? STORE_ICON;
}

/** The file a player would pick at full size: the tallest rendition, else the upload itself. */
function videoFile(media: Media): { url: string; width?: number; height?: number } {
  const tallest = media.renditions.at(-1);
  return tallest ? { url: tallest.url, width: tallest.width, height: tallest.height } : { url: media.url };
}

const offerPrice = (product: ProductSummary) => fromPaise(unitPricePaise(product.price, product.discountPercentage));

function productDescription(product: ProductSummary): string {
  const price = formatPrice(offerPrice(product));
  const stock = product.stock > 0 ? "In stock" : "Out of stock";
  return clip(`${price} · ${stock} · ${product.description || product.title}`);
}

function oembedLink(site: Site, pageUrl: string) {
  return { rel: "alternate", type: "application/json+oembed", href: `${site.origin}/api/oembed?url=${encodeURIComponent(pageUrl)}&format=json` };
}

function breadcrumbs(items: { name: string; url: string }[]): object {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({ "@type": "ListItem", position: index + 1, name: item.name, item: item.url })),
  };
}

function productBreadcrumbs(site: Site, product: ProductSummary): object {
  return breadcrumbs([
    { name: site.storeName, url: `${site.origin}/` },
    ...(product.brand ? [{ name: product.brand.name, url: `${site.origin}${brandPath(product.brand.id)}` }] : []),
    { name: product.title, url: `${site.origin}${productPath(product.id)}` },
  ]);
}

function productJsonLd(site: Site, product: ProductSummary): object {
  const url = `${site.origin}${productPath(product.id)}`;
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    "@id": `${url}#product`,
    name: product.title,
    description: product.description || product.title,
    sku: product.id,
    url,
    category: product.category,
    image: [absoluteUrl(site, productImage(product))],
    ...(product.brand ? { brand: { "@type": "Brand", name: product.brand.name } } : {}),
    offers: {
      "@type": "Offer",
      url,
      price: offerPrice(product),
      priceCurrency: "INR",
      availability: product.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      itemCondition: "https://schema.org/NewCondition",
    },
    // The catalogue shows 4.5 without reviews (spec); structured data states only real ratings.
    ...(product.reviews > 0
      ? { aggregateRating: { "@type": "AggregateRating", ratingValue: product.rating, reviewCount: product.reviews, bestRating: 5, worstRating: 1 } }
      : {}),
  };
}

function videoJsonLd(site: Site, product: ProductSummary, video: WatchVideo): object {
  const { media } = video;
  const poster = media.thumbnailUrl ?? productImage(product);
  return {
    "@context": "https://schema.org",
    "@type": "VideoObject",
    name: media.title ?? product.title,
    description: clip(product.description || product.title, 2000),
    thumbnailUrl: [absoluteUrl(site, poster)],
    uploadDate: video.uploadedAt.toISOString(),
    ...(media.duration !== null ? { duration: isoDuration(media.duration) } : {}),
    contentUrl: absoluteUrl(site, videoFile(media).url),
    embedUrl: `${site.origin}/embed/v/${media.id}`,
    url: `${site.origin}${watchPath(media.id)}`,
    interactionStatistic: [
      { "@type": "InteractionCounter", interactionType: { "@type": "WatchAction" }, userInteractionCount: video.viewCount },
      { "@type": "InteractionCounter", interactionType: { "@type": "LikeAction" }, userInteractionCount: video.likeCount },
    ],
  };
}

function videoOpenGraph(site: Site, media: Media): [string, string][] {
  const file = videoFile(media);
  const tags: [string, string][] = [
    ["og:video", absoluteUrl(site, file.url)],
    ["og:video:secure_url", absoluteUrl(site, file.url)],
    ["og:video:type", "video/mp4"],
  ];
  if (file.width && file.height) tags.push(["og:video:width", String(file.width)], ["og:video:height", String(file.height)]);
  return tags;
}

function cardTags(title: string, description: string, image: string | undefined): [string, string][] {
  return [
    ["twitter:card", image ? "summary_large_image" : "summary"],
    ["twitter:title", title],
    ["twitter:description", description],
    ...(image ? ([["twitter:image", image]] as [string, string][]) : []),
  ];
}

/**
 * /product/{id}, /purchase/{id} and /product-profile/{id}: one canonical URL per product
 * (/product/{id}); with ?media= naming one of its ready videos the page is about that video, whose
 * own page is /v/{mediaId}, so that is its canonical and its preview carries the video.
 */
export function productHead(site: Site, product: ProductSummary, media?: Media): PageHead {
  const imageUrl = absoluteUrl(site, media?.thumbnailUrl ?? productImage(product));
  const canonical = media ? `${site.origin}${watchPath(media.id)}` : `${site.origin}${productPath(product.id)}`;
  const title = `${product.title} | ${site.storeName}`;
  const description = productDescription(product);
  return {
    title,
    description,
    canonical,
    links: [oembedLink(site, canonical)],
    openGraph: [
      ["og:site_name", site.storeName],
      ["og:type", media ? "video.other" : "product"],
      ["og:title", product.title],
      ["og:description", description],
      ["og:url", canonical],
      ["og:image", imageUrl],
      ...(media ? videoOpenGraph(site, media) : []),
      ["product:price:amount", offerPrice(product)],
      ["product:price:currency", "INR"],
      ["product:availability", product.stock > 0 ? "in stock" : "out of stock"],
    ],
    twitter: cardTags(product.title, description, imageUrl),
    jsonLd: [productJsonLd(site, product), productBreadcrumbs(site, product)],
  };
}

/** /v/{mediaId}: the video is the page's subject (VideoObject), the product it sells beside it. */
export function watchHead(site: Site, product: ProductSummary, video: WatchVideo): PageHead {
  const head = productHead(site, product, video.media);
  const name = video.media.title ?? product.title;
  return {
    ...head,
    title: `${name} | ${site.storeName}`,
    openGraph: head.openGraph.map(([property, content]) => [property, property === "og:title" ? name : content]),
    twitter: head.twitter.map(([key, content]) => [key, key === "twitter:title" ? name : content]),
    jsonLd: [videoJsonLd(site, product, video), ...head.jsonLd],
  };
}

export function brandHead(site: Site, brand: Brand): PageHead {
  const url = `${site.origin}${brandPath(brand.id)}`;
  const image = brand.logoUrl ?? null;
  const imageUrl = image ? absoluteUrl(site, image) : undefined;
  const description = clip(brand.description || `Shop ${brand.name} on ${site.storeName}: ${brand.productCount} products in short videos.`);
  return {
    title: `${brand.name} | ${site.storeName}`,
    description,
    canonical: url,
    openGraph: [
      ["og:site_name", site.storeName],
      ["og:type", "website"],
      ["og:title", brand.name],
      ["og:description", description],
      ["og:url", url],
      ...(imageUrl ? ([["og:image", imageUrl]] as [string, string][]) : []),
    ],
    twitter: cardTags(brand.name, description, imageUrl),
    jsonLd: [
      { "@context": "https://schema.org", "@type": "Brand", name: brand.name, url, ...(imageUrl ? { logo: imageUrl } : {}), ...(brand.description ? { description: brand.description } : {}) },
      breadcrumbs([
        { name: site.storeName, url: `${site.origin}/` },
        { name: brand.name, url },
      ]),
    ],
  };
}

export function homeHead(site: Site): PageHead {
  const url = `${site.origin}/`;
  const description = `${site.storeName}: shop products through short videos.`;
  return {
    title: site.storeName,
    description,
    canonical: url,
    openGraph: [
      ["og:site_name", site.storeName],
      ["og:type", "website"],
      ["og:title", site.storeName],
      ["og:description", description],
      ["og:url", url],
    ],
    twitter: cardTags(site.storeName, description, undefined),
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "WebSite",
        name: site.storeName,
        url,
        potentialAction: { "@type": "SearchAction", target: `${site.origin}/search?q={search_term_string}`, "query-input": "required name=search_term_string" },
      },
    ],
  };
}

/** Unknown or hidden ids: the shell (the client shows its not-found screen), kept out of indexes. */
export function notFoundHead(site: Site): PageHead {
  return { title: `Not found | ${site.storeName}`, description: `${site.storeName}: shop products through short videos.`, openGraph: [], twitter: [], jsonLd: [], robots: "noindex" };
}

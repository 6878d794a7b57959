// Bench data, inserted straight into the database with SQL: N active products, each with a video
// (3 renditions), an image, two highlights, two variants and a listing in one marketplace. Titles are
// numbered ("Bench product 42"), or with `{ words: true }` made of shop words ("Nova Wireless Black
// Headphones"), so that search has a realistic vocabulary to look through.
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import path from "node:path";
import pg from "pg";

// Shop words for `{ words: true }` titles; each noun has a category at the same index.
const SERIES = ["Aero", "Nova", "Zen", "Pulse", "Orbit", "Vibe", "Flex", "Core", "Prime", "Edge", "Luxe", "Terra", "Nimbus", "Volt", "Halo", "Echo", "Drift", "Spark", "Atlas", "Vista"];
const ADJECTIVES = ["Wireless", "Classic", "Premium", "Compact", "Portable", "Smart", "Ergonomic", "Vintage", "Ultra", "Slim", "Rugged", "Deluxe", "Organic", "Foldable", "Waterproof", "Insulated", "Handmade", "Modern", "Minimal", "Sturdy", "Lightweight", "Cordless", "Adjustable", "Magnetic", "Bamboo", "Ceramic", "Leather", "Cotton", "Steel", "Glass"];
const COLOURS = ["Red", "Blue", "Black", "White", "Green", "Grey", "Navy", "Olive", "Maroon", "Beige", "Teal", "Pink", "Yellow", "Orange", "Purple", "Silver"];
export const BENCH_NOUNS = [
  ["Headphones", "Audio"], ["Speaker", "Audio"], ["Earbuds", "Audio"], ["Soundbar", "Audio"], ["Microphone", "Audio"], ["Turntable", "Audio"],
  ["Smartwatch", "Electronics"], ["Monitor", "Electronics"], ["Keyboard", "Electronics"], ["Mouse", "Electronics"], ["Charger", "Electronics"], ["Camera", "Electronics"],
  ["Drone", "Electronics"], ["Router", "Electronics"], ["Tablet", "Electronics"], ["Laptop", "Electronics"], ["Projector", "Electronics"], ["Powerbank", "Electronics"],
  ["Kettle", "Kitchen"], ["Blender", "Kitchen"], ["Toaster", "Kitchen"], ["Skillet", "Kitchen"], ["Knife", "Kitchen"], ["Mug", "Kitchen"], ["Bottle", "Kitchen"], ["Grinder", "Kitchen"],
  ["Lamp", "Home"], ["Chair", "Home"], ["Desk", "Home"], ["Rug", "Home"], ["Pillow", "Home"], ["Blanket", "Home"], ["Towel", "Home"], ["Candle", "Home"], ["Vase", "Home"], ["Mirror", "Home"], ["Clock", "Home"],
  ["Backpack", "Fashion"], ["Sneakers", "Fashion"], ["Jacket", "Fashion"], ["Hoodie", "Fashion"], ["Wallet", "Fashion"], ["Sunglasses", "Fashion"], ["Belt", "Fashion"], ["Scarf", "Fashion"], ["Gloves", "Fashion"],
  ["Sandals", "Fashion"], ["Boots", "Fashion"], ["Umbrella", "Fashion"], ["Suitcase", "Fashion"],
  ["Helmet", "Fitness"], ["Bicycle", "Fitness"], ["Dumbbell", "Fitness"], ["Racket", "Fitness"], ["Football", "Fitness"], ["Tent", "Fitness"], ["Treadmill", "Fitness"], ["Kettlebell", "Fitness"], ["Jersey", "Fitness"], ["Thermos", "Fitness"],
];

const sqlArray = (values) => `array[${values.map((value) => `'${value}'`).join(",")}]`;
/** The g-th product's pick from `values`, spread by a hash so titles do not repeat in a short cycle. */
const pick = (values, salt) => `(${sqlArray(values)})[1 + abs(hashtext('${salt}' || g)) % ${values.length}]`;

function productNaming(words) {
  if (!words) {
    return {
      title: `'Bench product ' || g`,
      description: `'Bench product ' || g || ': a description of the length a storefront listing usually has, a sentence or two.'`,
      category: `(array['Electronics','Audio','Fitness','Kitchen'])[1 + g % 4]`,
    };
  }
  const noun = `(abs(hashtext('n' || g)) % ${BENCH_NOUNS.length})`;
  const nounWord = `(${sqlArray(BENCH_NOUNS.map(([word]) => word))})[1 + ${noun}]`;
  return {
    title: `${pick(SERIES, "s")} || ' ' || ${pick(ADJECTIVES, "a")} || ' ' || ${pick(COLOURS, "c")} || ' ' || ${nounWord}`,
    description: `'A ' || lower(${pick(ADJECTIVES, "d")}) || ' ' || lower(${nounWord}) || ' in ' || lower(${pick(COLOURS, "e")}) || ', model X' || (g % 997) || ', made for everyday use, with a two-year warranty and free returns.'`,
    category: `(${sqlArray(BENCH_NOUNS.map(([, category]) => category))})[1 + ${noun}]`,
  };
}

const statements = (n, { words = false, variantStock = 5 } = {}) => [
  `insert into marketplaces (name, tagline, flag_url) values ('Bench market', 'Benchmarks', '/flags/in.svg')`,
  `insert into brands (name, logo_url, website_url, featured)
     select 'Brand ' || g, '/logos/' || g || '.png', case when g % 3 = 0 then null else 'https://brand' || g || '.example' end, g % 2 = 0
     from generate_series(1, 20) g`,
  `with b as (select array_agg(id order by name) ids from brands)
   insert into products (title, description, price, discount_percentage, category, stock, status, brand_id, specifications, thumbnail_url, rating_sum, review_count, created_at)
     select ${productNaming(words).title},
            ${productNaming(words).description},
            ((100 + g % 900) || '.00')::numeric, g % 30, ${productNaming(words).category}, 10, 'active',
            b.ids[1 + g % 20], '{"sizes":["S","M","L"]}', '/media/thumbs/' || g || '.jpg', (g % 5) * 4, g % 5,
            now() - g * interval '1 second'
     from generate_series(1, ${n}) g, b`,
  `insert into marketplace_listings (product_id, marketplace_id) select p.id, m.id from products p, marketplaces m`,
  `insert into product_media (product_id, url, type, thumbnail_url, duration, is_main, display_order, like_count, view_count)
     select id, '/media/videos/' || id || '/720.mp4', 'video', '/media/videos/' || id || '/poster.jpg', 30, true, 0, 12, 340 from products`,
  `insert into product_media (product_id, url, type, display_order) select id, '/media/images/' || id || '.jpg', 'image', 1 from products`,
  `insert into media_renditions (media_id, height, width, url, bytes)
     select m.id, h, h * 9 / 16, '/media/videos/' || m.product_id || '/' || h || '.mp4', h * 1000
     from product_media m cross join unnest(array[360, 720, 1080]) h where m.type = 'video'`,
  `insert into product_highlights (product_id, text, display_order) select id, 'Highlight ' || o, o from products, generate_series(1, 2) o`,
  `insert into product_variants (product_id, size, stock, price_adjustment) select id, s, ${Number(variantStock)}, 0 from products, unnest(array['M', 'L']) s`,
  // As autovacuum would in a running shop: the visibility map lets search read its postings index-only.
  `vacuum analyze`,
];

/** Fills the store's database (lib/store.mjs); no server may be running on a PGlite store. */
export async function insertCatalogue(store, products, options = {}) {
  const db = store.kind === "postgres" ? new pg.Client({ connectionString: store.url }) : new PGlite(path.join(store.dataDir, "pglite"), { extensions: { pg_trgm, unaccent } });
  if (store.kind === "postgres") await db.connect();
  try {
    for (const statement of statements(products, options)) await db.query(statement);
    const { rows } = await db.query("select id from products order by created_at desc");
    return { productIds: rows.map((row) => row.id) };
  } finally {
    await (store.kind === "postgres" ? db.end() : db.close());
  }
}

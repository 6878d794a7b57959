// Bench data, inserted straight into the database with SQL: N active products, each with a video
// (3 renditions), an image, two highlights, two variants and a listing in one marketplace.
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import path from "node:path";
import pg from "pg";

const statements = (n) => [
  `insert into marketplaces (name, tagline, flag_url) values ('Bench market', 'Benchmarks', '/flags/in.svg')`,
  `insert into brands (name, logo_url, website_url, featured)
     select 'Brand ' || g, '/logos/' || g || '.png', case when g % 3 = 0 then null else 'https://brand' || g || '.example' end, g % 2 = 0
     from generate_series(1, 20) g`,
  `with b as (select array_agg(id order by name) ids from brands)
   insert into products (title, description, price, discount_percentage, category, stock, status, brand_id, specifications, thumbnail_url, rating_sum, review_count, created_at)
     select 'Bench product ' || g,
            'Bench product ' || g || ': a description of the length a storefront listing usually has, a sentence or two.',
            ((100 + g % 900) || '.00')::numeric, g % 30, (array['Electronics','Audio','Fitness','Kitchen'])[1 + g % 4], 10, 'active',
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
  `insert into product_variants (product_id, size, stock, price_adjustment) select id, s, 5, 0 from products, unnest(array['M', 'L']) s`,
  `analyze`,
];

/** Fills the store's database (lib/store.mjs); no server may be running on a PGlite store. */
export async function insertCatalogue(store, products) {
  const db = store.kind === "postgres" ? new pg.Client({ connectionString: store.url }) : new PGlite(path.join(store.dataDir, "pglite"), { extensions: { pg_trgm } });
  if (store.kind === "postgres") await db.connect();
  try {
    for (const statement of statements(products)) await db.query(statement);
    const { rows } = await db.query("select id from products order by created_at desc");
    return { productIds: rows.map((row) => row.id) };
  } finally {
    await (store.kind === "postgres" ? db.end() : db.close());
  }
}

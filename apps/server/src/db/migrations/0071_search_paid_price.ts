import { type Kysely, sql } from "kysely";

// Search's price facets and price sorting read the price a shopper pays: a discounted price is
// rounded to the whole rupee, half up (decision 120, core's unitPricePaise). Migration 0070 kept it
// to the paisa, so a product at ₹999.50 after discount sat in the wrong bucket and order.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create or replace function search_refresh_documents(ids uuid[]) returns void language sql as $$
    insert into search_documents (product_id, active, title_key, category, brand_id, sale_price, in_stock, created_at)
    select p.id, p.status = 'active', array_to_string(search_words_of(p.title), ' '), p.category, p.brand_id,
           case when p.discount_percentage = 0 then p.price else round(p.price * (100 - p.discount_percentage) / 100) end,
           p.stock > 0, p.created_at
    from products p join unnest(ids) t(id) on p.id = t.id
    on conflict (product_id) do update set
      active = excluded.active, title_key = excluded.title_key, category = excluded.category, brand_id = excluded.brand_id,
      sale_price = excluded.sale_price, in_stock = excluded.in_stock, created_at = excluded.created_at
  $$`.execute(db);
  await sql`select search_refresh_documents(array(select id from products))`.execute(db);
}

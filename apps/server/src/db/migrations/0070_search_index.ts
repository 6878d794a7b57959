import { type Kysely, sql } from "kysely";

// Search index (decision 140). Triggers keep it in step with every writer (routes, admin, seed,
// bench loader, other instances), set-based so a bulk insert of 100,000 products indexes in one pass:
// - search_words: the dictionary, each distinct folded word of any product once;
// - search_word_variants: each dictionary word's deletion variants (1 deletion from 4 letters,
//   2 from 7), so a misspelt query word finds its candidates by equality (symmetric deletion);
// - search_postings: which product has which word in which field (0 title, 1 brand, 2 category,
//   3 description, 4 variant colour);
// - search_documents: per product, what ranking, facets and sorting need, so a query touches the
//   products table only for the page it returns.

/** Popularity weights: a like says more than a view, a unit ordered more than a like. */
const LIKE_WEIGHT = 5;
const ORDERED_UNIT_WEIGHT = 25;

const statements = [
  sql`create extension if not exists unaccent`,

  // Case and accents folded, split on anything that is not a letter or digit, in order. unaccent is
  // stable, not immutable, so these are too. Words over 64 characters (URLs, hashes) are left out.
  sql`create function search_words_of(body text) returns text[] language sql stable parallel safe as $$
    select coalesce(array_agg(token order by position), '{}')
    from regexp_split_to_table(lower(public.unaccent(coalesce(body, ''))), '[^[:alnum:]]+') with ordinality as t(token, position)
    where token <> '' and length(token) <= 64
  $$`,

  // The word and its deletion variants: 1 deletion for 4+ letters (it may be one edit from a word of
  // 5-8 letters), 2 for 7+ (two edits from a word of 9+). Longer than 20: exact and prefix only.
  // PL/pgSQL with a row estimate: inlined SQL would make the planner expect a million rows per word
  // (generate_series' default), and PostgreSQL would JIT-compile every product insert for 0.7 s.
  sql`create function search_word_variants(word text) returns setof text language plpgsql immutable parallel safe rows 60 as $$
    begin
      return query
        select word
        union
        select overlay(word placing '' from i for 1) from generate_series(1, length(word)) i where length(word) between 4 and 20
        union
        select overlay(overlay(word placing '' from i for 1) placing '' from j for 1)
        from generate_series(1, length(word)) i, generate_series(1, length(word) - 1) j
        where length(word) between 7 and 20;
    end
  $$`,

  sql`create table search_words (word text primary key)`,
  // Prefix matching (LIKE 'abc%') whatever the database collation; substring matching by trigrams.
  sql`create index search_words_prefix_idx on search_words (word text_pattern_ops)`,
  sql`create index search_words_trgm_idx on search_words using gin (word gin_trgm_ops)`,

  sql`create table search_word_variants (
    variant text not null,
    word text not null references search_words (word) on delete cascade,
    primary key (variant, word)
  )`,

  sql`create table search_postings (
    word text not null,
    product_id uuid not null references products (id) on delete cascade,
    field smallint not null check (field between 0 and 4),
    primary key (word, product_id, field)
  )`,
  sql`create index search_postings_product_idx on search_postings (product_id)`,

  sql`create table search_documents (
    product_id uuid primary key references products (id) on delete cascade,
    active boolean not null,
    title_key text not null,
    category text not null,
    brand_id uuid,
    sale_price numeric(12,2) not null,
    in_stock boolean not null,
    created_at timestamptz not null,
    popularity bigint not null default 0
  )`,

  // Reindex the words of these products: postings replaced, new words added to the dictionary.
  sql`create function search_index_words(ids uuid[]) returns void language plpgsql as $$
    begin
      delete from search_postings sp using unnest(ids) as t(id) where sp.product_id = t.id;
      insert into search_postings (word, product_id, field)
      select distinct w.word, s.product_id, s.field
      from (
        select p.id as product_id, 0 as field, p.title as body from products p join unnest(ids) t(id) on p.id = t.id
        union all
        select p.id, 1, b.name from products p join unnest(ids) t(id) on p.id = t.id join brands b on b.id = p.brand_id
        union all
        select p.id, 2, p.category from products p join unnest(ids) t(id) on p.id = t.id
        union all
        select p.id, 3, p.description from products p join unnest(ids) t(id) on p.id = t.id
        union all
        select v.product_id, 4, v.color from product_variants v join unnest(ids) t(id) on v.product_id = t.id where v.color is not null
      ) s
      cross join lateral unnest(search_words_of(s.body)) as w(word)
      on conflict do nothing;
      with added as (
        insert into search_words (word)
        select distinct sp.word from search_postings sp join unnest(ids) t(id) on sp.product_id = t.id
        on conflict do nothing
        returning word
      )
      insert into search_word_variants (variant, word)
      select v, added.word from added cross join lateral search_word_variants(added.word) v
      on conflict do nothing;
    end
  $$`,

  // Refresh what ranking, facets and sorting read; popularity is kept by its own triggers.
  sql`create function search_refresh_documents(ids uuid[]) returns void language sql as $$
    insert into search_documents (product_id, active, title_key, category, brand_id, sale_price, in_stock, created_at)
    select p.id, p.status = 'active', array_to_string(search_words_of(p.title), ' '), p.category, p.brand_id,
           round(p.price * (100 - p.discount_percentage) / 100, 2), p.stock > 0, p.created_at
    from products p join unnest(ids) t(id) on p.id = t.id
    on conflict (product_id) do update set
      active = excluded.active, title_key = excluded.title_key, category = excluded.category, brand_id = excluded.brand_id,
      sale_price = excluded.sale_price, in_stock = excluded.in_stock, created_at = excluded.created_at
  $$`,

  sql`create function search_products_inserted() returns trigger language plpgsql as $$
    declare ids uuid[] := array(select id from new_rows);
    begin
      perform search_refresh_documents(ids);
      perform search_index_words(ids);
      return null;
    end
  $$`,
  sql`create trigger products_search_insert after insert on products referencing new table as new_rows
    for each statement execute function search_products_inserted()`,

  // Stock and rating change often: only a change to the indexed text reindexes words.
  sql`create function search_products_updated() returns trigger language plpgsql as $$
    begin
      perform search_refresh_documents(array(
        select n.id from new_rows n join old_rows o on o.id = n.id
        where (n.status, n.title, n.category, n.brand_id, n.price, n.discount_percentage, n.stock > 0, n.created_at)
          is distinct from (o.status, o.title, o.category, o.brand_id, o.price, o.discount_percentage, o.stock > 0, o.created_at)));
      perform search_index_words(array(
        select n.id from new_rows n join old_rows o on o.id = n.id
        where (n.title, n.description, n.category, n.brand_id) is distinct from (o.title, o.description, o.category, o.brand_id)));
      return null;
    end
  $$`,
  sql`create trigger products_search_update after update on products referencing new table as new_rows old table as old_rows
    for each statement execute function search_products_updated()`,

  sql`create function search_brands_renamed() returns trigger language plpgsql as $$
    begin
      perform search_index_words(array(
        select p.id from products p join new_rows n on n.id = p.brand_id join old_rows o on o.id = n.id where n.name is distinct from o.name));
      return null;
    end
  $$`,
  sql`create trigger brands_search_update after update on brands referencing new table as new_rows old table as old_rows
    for each statement execute function search_brands_renamed()`,

  // Variant colours are indexed words; sizes and stock are not.
  sql`create function search_variants_inserted() returns trigger language plpgsql as $$
    begin
      perform search_index_words(array(select distinct product_id from new_rows where color is not null));
      return null;
    end
  $$`,
  sql`create trigger product_variants_search_insert after insert on product_variants referencing new table as new_rows
    for each statement execute function search_variants_inserted()`,
  sql`create function search_variants_deleted() returns trigger language plpgsql as $$
    begin
      perform search_index_words(array(
        select distinct o.product_id from old_rows o join products p on p.id = o.product_id where o.color is not null));
      return null;
    end
  $$`,
  sql`create trigger product_variants_search_delete after delete on product_variants referencing old table as old_rows
    for each statement execute function search_variants_deleted()`,
  sql`create function search_variants_updated() returns trigger language plpgsql as $$
    begin
      perform search_index_words(array(
        select distinct n.product_id from new_rows n join old_rows o on o.id = n.id where n.color is distinct from o.color
        union
        select distinct o.product_id from new_rows n join old_rows o on o.id = n.id where n.product_id <> o.product_id));
      return null;
    end
  $$`,
  sql`create trigger product_variants_search_update after update on product_variants referencing new table as new_rows old table as old_rows
    for each statement execute function search_variants_updated()`,

  // Popularity: views + LIKE_WEIGHT × likes of the product's media + ORDERED_UNIT_WEIGHT × units ordered.
  sql`create function search_media_inserted() returns trigger language plpgsql as $$
    begin
      update search_documents d set popularity = d.popularity + m.score
      from (select product_id, sum(view_count + ${sql.lit(LIKE_WEIGHT)} * like_count) as score from new_rows group by product_id) m
      where d.product_id = m.product_id and m.score <> 0;
      return null;
    end
  $$`,
  sql`create trigger product_media_search_insert after insert on product_media referencing new table as new_rows
    for each statement execute function search_media_inserted()`,
  sql`create function search_media_counted() returns trigger language plpgsql as $$
    begin
      update search_documents set popularity = popularity
        + (new.view_count - old.view_count) + ${sql.lit(LIKE_WEIGHT)} * (new.like_count - old.like_count)
      where product_id = new.product_id;
      return null;
    end
  $$`,
  sql`create trigger product_media_search_count after update of view_count, like_count on product_media
    for each row when (new.view_count <> old.view_count or new.like_count <> old.like_count)
    execute function search_media_counted()`,
  sql`create function search_order_lines_inserted() returns trigger language plpgsql as $$
    begin
      update search_documents d set popularity = d.popularity + l.units * ${sql.lit(ORDERED_UNIT_WEIGHT)}
      from (select product_id, sum(quantity) as units from new_rows where product_id is not null group by product_id) l
      where d.product_id = l.product_id;
      return null;
    end
  $$`,
  sql`create trigger order_lines_search_insert after insert on order_lines referencing new table as new_rows
    for each statement execute function search_order_lines_inserted()`,

  // Products that exist already.
  sql`select search_refresh_documents(array(select id from products))`,
  sql`select search_index_words(array(select id from products))`,
  sql`update search_documents d set popularity = s.score
    from (
      select p.id,
        coalesce((select sum(m.view_count + ${sql.lit(LIKE_WEIGHT)} * m.like_count) from product_media m where m.product_id = p.id), 0)
        + ${sql.lit(ORDERED_UNIT_WEIGHT)} * coalesce((select sum(l.quantity) from order_lines l where l.product_id = p.id), 0) as score
      from products p
    ) s
    where d.product_id = s.id`,

  // Terms shoppers searched that found products by whole words: the source of "popular searches".
  sql`create table search_queries (
    term text primary key,
    searches bigint not null default 0,
    last_searched_at timestamptz not null default now()
  )`,
  sql`create index search_queries_popular_idx on search_queries (searches desc)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}

import { type Kysely, sql } from "kysely";

// Decision 207: a product's picture (products.thumbnail_url, on feed cards, Explore, the cart, order
// lines, share pages) is derived from its media by one rule, here, and kept by triggers on
// product_media, so every writer (the admin's editor and library, the upload jobs, an approved
// shopper video, the seed, a restore) keeps it current without knowing of it. Before this only the
// seed wrote it, and products an owner made had none. The products row's own triggers then tell
// the caches (0002, 0100) as for any other product change.

/** product_media columns the rule reads: a change to any other (a counter, a title) leaves the picture. */
const READ = ["product_id", "type", "status", "url", "thumbnail_url", "is_cover", "is_main", "category", "display_order"] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  // The rule: the cover image, else the first ready image in display order; a product without
  // images shows its main video's poster, else the first ready video's poster, the owner's videos
  // before shoppers'. An image's picture is its full-size file (as the product page's header shows
  // it), a video's is its poster frame.
  await sql`create function product_picture(product uuid) returns text language sql stable as $$
    select case when m.type = 'image' then m.url else m.thumbnail_url end
    from product_media m
    where m.product_id = product and m.status = 'ready' and (m.type = 'image' or m.thumbnail_url is not null)
    order by m.type = 'image' desc, m.is_cover desc, m.is_main desc, m.category = 'product' desc, m.display_order, m.created_at, m.id
    limit 1
  $$`.execute(db);
  // Only rows whose picture changes are written (a product being deleted has no row left to write).
  await sql`create function refresh_product_pictures(ids uuid[]) returns void language sql as $$
    update products p set thumbnail_url = picture.url, updated_at = now()
    from (select id, product_picture(id) as url from (select distinct unnest(ids) as id) listed) picture
    where p.id = picture.id and p.thumbnail_url is distinct from picture.url
  $$`.execute(db);

  await sql`create function refresh_pictures_of_media_rows() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        perform refresh_product_pictures(array(select product_id from old_rows));
      else
        perform refresh_product_pictures(array(select product_id from new_rows));
      end if;
      return null;
    end
  $$`.execute(db);
  await sql`create trigger product_media_picture_insert after insert on product_media referencing new table as new_rows
    for each statement execute function refresh_pictures_of_media_rows()`.execute(db);
  await sql`create trigger product_media_picture_delete after delete on product_media referencing old table as old_rows
    for each statement execute function refresh_pictures_of_media_rows()`.execute(db);

  // A row trigger on the columns the rule reads is not even queued for a like or a view (as 0105's).
  const columns = sql.join(READ.map((column) => sql.id(column)));
  const of = (row: "new" | "old") => sql.join(READ.map((column) => sql.id(row, column)));
  await sql`create function refresh_picture_of_media_row() returns trigger language plpgsql as $$
    begin
      perform refresh_product_pictures(array[new.product_id, old.product_id]);
      return null;
    end
  $$`.execute(db);
  await sql`create trigger product_media_picture_update after update of ${columns} on product_media
    for each row when ((${of("new")}) is distinct from (${of("old")}))
    execute function refresh_picture_of_media_row()`.execute(db);

  await sql`create function clear_product_pictures() returns trigger language plpgsql as $$
    begin
      update products set thumbnail_url = null, updated_at = now() where thumbnail_url is not null;
      return null;
    end
  $$`.execute(db);
  await sql`create trigger product_media_picture_truncate after truncate on product_media
    for each statement execute function clear_product_pictures()`.execute(db);

  // Every existing product takes the rule's picture (the demo's are its cover photo, as the seed set them).
  await sql`update products set thumbnail_url = product_picture(id) where thumbnail_url is distinct from product_picture(id)`.execute(db);
}

import { type Kysely, sql } from "kysely";

// Issue #13 (docs/decisions/100-orders.md): variant cart lines, saved addresses, orders with
// separate order/payment/delivery statuses, their lines' snapshots, a timeline, stock movements,
// placement idempotency keys and the payment webhook events already applied.

const statements = [
  // A cart line is a product plus its chosen variant. Existing lines keep their product and
  // quantity; a product with exactly one variant gets it, the others ask for a choice at checkout.
  sql`alter table cart_items add column variant_id uuid references product_variants (id) on delete cascade`,
  sql`alter table cart_items add column media_id uuid references product_media (id) on delete set null`,
  sql`update cart_items ci set variant_id = only_variant.id
    from (select product_id, min(id::text)::uuid as id from product_variants group by product_id having count(*) = 1) only_variant
    where only_variant.product_id = ci.product_id`,
  sql`alter table cart_items drop constraint cart_items_user_id_product_id_key`,
  sql`alter table cart_items add constraint cart_items_line_key unique nulls not distinct (user_id, product_id, variant_id)`,

  // The country whose address rules checkout applies (ISO 3166-1 alpha-2); demo flags are named so.
  sql`alter table marketplaces add column country_code text check (country_code ~ '^[A-Z]{2}$')`,
  sql`update marketplaces set country_code = case name
    when 'India' then 'IN' when 'United Arab Emirates' then 'AE' when 'United Kingdom' then 'GB'
    when 'United States' then 'US' end`,

  sql`create table addresses (
    id uuid primary key default gen_random_uuid(),
    user_id text not null references "user" (id) on delete cascade,
    name text not null,
    phone text not null,
    line1 text not null,
    line2 text,
    city text not null,
    state text not null,
    postal_code text not null,
    country_code text not null check (country_code ~ '^[A-Z]{2}$'),
    created_at timestamptz not null default now()
  )`,
  sql`create index addresses_user_idx on addresses (user_id, created_at desc)`,

  sql`create table orders (
    id uuid primary key default gen_random_uuid(),
    number bigint generated always as identity unique,
    user_id text not null references "user" (id) on delete cascade,
    marketplace_id uuid references marketplaces (id) on delete set null,
    status text not null check (status in ('pending_payment', 'placed', 'shipped', 'delivered', 'completed', 'cancelled', 'returned')),
    payment_status text not null check (payment_status in ('pending', 'authorized', 'captured', 'failed', 'refunded', 'voided')),
    delivery_status text not null default 'unfulfilled' check (delivery_status in ('unfulfilled', 'shipped', 'delivered', 'returned')),
    payment_method text not null check (payment_method in ('cod', 'online')),
    payment_provider text,
    provider_order_id text unique,
    provider_payment_id text,
    subtotal_paise bigint not null check (subtotal_paise >= 0),
    delivery_fee_paise bigint not null check (delivery_fee_paise >= 0),
    total_paise bigint not null check (total_paise >= 0),
    currency text not null default 'INR',
    item_count integer not null check (item_count > 0),
    shipping_address jsonb not null,
    expires_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  sql`create index orders_user_idx on orders (user_id, created_at desc, id desc)`,
  sql`create index orders_created_idx on orders (created_at desc, id desc)`,
  sql`create index orders_status_idx on orders (status, created_at desc)`,
  sql`create index orders_expiry_idx on orders (expires_at) where status = 'pending_payment'`,

  sql`create table order_lines (
    id uuid primary key default gen_random_uuid(),
    order_id uuid not null references orders (id) on delete cascade,
    product_id uuid references products (id) on delete set null,
    variant_id uuid references product_variants (id) on delete set null,
    media_id uuid references product_media (id) on delete set null,
    title text not null,
    variant_label text,
    image_url text,
    unit_price_paise bigint not null check (unit_price_paise >= 0),
    quantity integer not null check (quantity > 0),
    line_total_paise bigint not null check (line_total_paise >= 0),
    position integer not null
  )`,
  sql`create index order_lines_order_idx on order_lines (order_id, position)`,
  sql`create index order_lines_media_idx on order_lines (media_id) where media_id is not null`,

  sql`create table order_events (
    id uuid primary key default gen_random_uuid(),
    order_id uuid not null references orders (id) on delete cascade,
    kind text not null,
    actor text not null check (actor in ('shopper', 'admin', 'system', 'provider')),
    actor_user_id text references "user" (id) on delete set null,
    status text not null,
    payment_status text not null,
    delivery_status text not null,
    note text,
    created_at timestamptz not null default clock_timestamp()
  )`,
  sql`create index order_events_order_idx on order_events (order_id, created_at)`,

  sql`create table stock_movements (
    id uuid primary key default gen_random_uuid(),
    product_id uuid not null references products (id) on delete cascade,
    variant_id uuid references product_variants (id) on delete set null,
    order_id uuid references orders (id) on delete set null,
    delta integer not null check (delta <> 0),
    reason text not null check (reason in ('sale', 'cancel', 'expire', 'return')),
    created_at timestamptz not null default now()
  )`,
  sql`create index stock_movements_product_idx on stock_movements (product_id, created_at desc)`,

  // A key is claimed (order_id null) before the placement runs and points at the order once it
  // commits: a repeat while null is "in flight" (409), after that it replays the order.
  sql`create table order_idempotency_keys (
    user_id text not null references "user" (id) on delete cascade,
    key text not null,
    request_hash text not null,
    order_id uuid references orders (id) on delete cascade,
    created_at timestamptz not null default now(),
    primary key (user_id, key)
  )`,

  sql`create table payment_events (
    provider text not null,
    event_id text not null,
    order_id uuid references orders (id) on delete set null,
    kind text not null,
    received_at timestamptz not null default now(),
    primary key (provider, event_id)
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}

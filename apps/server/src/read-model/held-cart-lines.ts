// Read-model store: held cart lines (docs/read-path.md).
// Holds:     the cart lines of the shoppers this server writes for, and the cart version read with them (10,000 carts).
// Filled by: the cart-add batches (CartAddWriter, modules/cart/cart.service.ts), which read or write the lines.
// Dropped:   not notified but checked: cart_versions, moved by one by migration 0106's triggers in
//            every transaction that changes a shopper's lines, on any instance; a version not held
//            means the lines are read again.
// Equal SQL: modules/cart/cart.service.test.ts, read-model/held-cart-lines.test.ts; read-model/read-model.property.test.ts.

import { CartSchema, type CartItem, type CartProduct, type CartVariant } from "@reelmart/core/api/cart";
import { fromPaise } from "@reelmart/core/format";
import { priceLines } from "@reelmart/core/pricing";
import { heldBytes } from "./held-bytes.ts";
import type { CatalogueCache, CatalogueEntry } from "./catalogue-cache.ts";
import { ItemsSplice } from "./spliced-body.ts";

// Decision 201: the cart lines of the shoppers a server writes for, held between their writes. A
// line holds only what cart_items says of it; what the cart shows of its product comes from the
// catalogue cache at answer time, so a price or stock change reaches the next answer as it reaches
// the product page. Whether the lines held are still the cart is the version's to tell (migration
// 0106): every transaction that changes a shopper's lines moves it by one, on any instance, so a
// write that finds the version it holds knows that its own change is the only one since. A cart is
// answered whole after every add, so each line's priced item and its JSON bytes are made once, when
// the line or its product changes, and an answer is those bytes joined: a string answer of 40
// lines was made three times over (joined, flattened, encoded for the socket), and that garbage,
// promoted while the requests waited for their batch, kept V8's old generation collecting.

/** A cart line as cart_items has it. */
export interface HeldLine {
  id: string;
  productId: string;
  variantId: string | null;
  mediaId: string | null;
  quantity: number;
}

interface HeldCart {
  /** cart_versions.version when the lines were read or last written (0: no row, no write yet). */
  version: number;
  /** In cart order: oldest first, a transaction's new lines by id. */
  lines: HeldLine[];
}

/** Lines are a few hundred bytes each: 10,000 carts of a few lines are a few MB. */
const MAX_CARTS = 10_000;

export class HeldCartLines {
  // Map iteration order is insertion order: re-inserting on every write makes it an LRU.
  private readonly carts = new Map<string, HeldCart>();

  constructor(private readonly maxCarts = MAX_CARTS) {}

  get size(): number {
    return this.carts.size;
  }

  /** Holds the lines read at `version` (null: the shopper has no version row yet). */
  hold(userId: string, version: number | null, lines: HeldLine[]): void {
    this.carts.delete(userId);
    this.carts.set(userId, { version: version ?? 0, lines });
    for (const oldest of this.carts.keys()) {
      if (this.carts.size <= this.maxCarts) break;
      this.carts.delete(oldest);
    }
  }

  /**
   * The shopper's lines after one transaction that wrote `written` (each line as it now is) and
   * found the version at `versionBefore`; undefined when what is held is not that version (or
   * nothing is held), and the lines must be read again.
   */
  afterWrite(userId: string, versionBefore: number | null, written: readonly HeldLine[]): HeldLine[] | undefined {
    const held = this.carts.get(userId);
    this.carts.delete(userId);
    if (!held || held.version !== (versionBefore ?? 0)) return undefined;
    const lines = [...held.lines];
    const created: HeldLine[] = [];
    for (const line of written) {
      const index = lines.findIndex((existing) => existing.id === line.id);
      if (index === -1) created.push(line);
      else lines[index] = line;
    }
    // A transaction's new lines share its created_at, the latest of the cart: last, in id order (as
    // cartLinesQuery orders them; ids are lower-case uuids, whose text order is PostgreSQL's).
    created.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    lines.push(...created);
    this.hold(userId, held.version + 1, lines);
    return lines;
  }
}

// What the cart shows of an entry's product and variants, made once per entry: an entry is replaced,
// never changed, when its product changes, so the entry is the key.
const cartProducts = new WeakMap<CatalogueEntry, CartProduct>();
const cartVariants = new WeakMap<CatalogueEntry, Map<string, CartVariant>>();

/** The fields of a product row (the catalogue's, or the cart query's) that the cart shows. */
interface CartProductRow {
  title: string;
  price: string;
  discount_percentage: string;
  stock: number;
  thumbnail_url: string | null;
  brand_id: string | null;
  brand_name: string | null;
}

/**
 * What a cart line shows of its product: the one mapping of the database's answers and memory's.
 * `listedIn`: the ids of the marketplaces listing it (listingIdsOf), in any order and case.
 */
export function toCartProduct(id: string, row: CartProductRow, hasVariants: boolean, listedIn: Iterable<string>): CartProduct {
  return {
    id,
    title: row.title,
    price: row.price,
    discountPercentage: Number(row.discount_percentage),
    stock: row.stock,
    thumbnailUrl: row.thumbnail_url,
    brand: row.brand_id && row.brand_name ? { id: row.brand_id, name: row.brand_name } : null,
    hasVariants,
    marketplaceIds: Array.from(listedIn, (marketplaceId) => marketplaceId.toLowerCase()).sort(),
  };
}

function cartProductOf(entry: CatalogueEntry): CartProduct {
  let product = cartProducts.get(entry);
  if (!product) {
    product = toCartProduct(entry.row.id, entry.row, entry.parts.variants.length > 0, entry.listedIn);
    cartProducts.set(entry, product);
  }
  return product;
}

function cartVariantOf(entry: CatalogueEntry, variantId: string): CartVariant | undefined {
  let variants = cartVariants.get(entry);
  if (!variants) {
    variants = new Map(
      entry.parts.variants.map((v) => [v.id.toLowerCase(), { id: v.id, size: v.size, color: v.color, stock: v.stock, priceAdjustment: v.price_adjustment }]),
    );
    cartVariants.set(entry, variants);
  }
  return variants.get(variantId.toLowerCase());
}

/** A line priced with its product and variant as they were: valid while both are the ones the catalogue gives. */
interface PricedLine {
  product: CartProduct;
  variant: CartVariant | null;
  /** The item as JSON, as JSON.stringify(cart) would write it, in UTF-8. */
  json: Buffer;
  linePaise: number;
}

const pricedLines = new WeakMap<HeldLine, PricedLine>();

function pricedLine(line: HeldLine, product: CartProduct, variant: CartVariant | null): PricedLine {
  let priced = pricedLines.get(line);
  if (!priced || priced.product !== product || priced.variant !== variant) {
    const { items, totalPaise } = priceLines([{ ...line, product, variant }]);
    const item: CartItem = items[0]!;
    priced = { product, variant, json: heldBytes(JSON.stringify(item)), linePaise: totalPaise };
    pricedLines.set(line, priced);
  }
  return priced;
}

const cartBody = new ItemsSplice(CartSchema);

/**
 * The cart of these lines with their products from the catalogue cache, as the JSON of a Cart in
 * UTF-8 (priced as priceLines prices it), or undefined when one of its products is not there (not
 * active, or not yet read back after a change): the database then answers.
 */
export function cartJsonFromCatalogue(lines: readonly HeldLine[], catalogue: CatalogueCache): Buffer | undefined {
  const items: Buffer[] = [];
  let totalPaise = 0;
  let totalQuantity = 0;
  for (const line of lines) {
    const entry = catalogue.get(line.productId);
    if (!entry) return undefined;
    const variant = line.variantId === null ? null : cartVariantOf(entry, line.variantId);
    if (variant === undefined) return undefined;
    const priced = pricedLine(line, cartProductOf(entry), variant);
    items.push(priced.json);
    totalPaise += priced.linePaise;
    totalQuantity += line.quantity;
  }
  return cartBody.bytes(items, { totalQuantity, total: fromPaise(totalPaise) });
}

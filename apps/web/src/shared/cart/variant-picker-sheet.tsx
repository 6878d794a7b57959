import type { ProductDetail } from "@reelmart/core/api/catalog";
import { useEffect, useRef, useState } from "react";
import { useProduct } from "../product/api/get-product.ts";
import { Button } from "../ui/button.tsx";
import { Drawer } from "../ui/drawer.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { formatPrice, fromPaise } from "@reelmart/core/format";
import { unitPricePaise } from "@reelmart/core/pricing";
import { OptionGroup, useVariantSelection } from "../product/variant-options.tsx";

type Variant = ProductDetail["variants"][number];

interface VariantPickerSheetProps {
  productId: string;
  mode: "add" | "buy";
  onClose(): void;
  /** Resolves true when the line was added (the sheet then closes). */
  onChoose(variant: Variant | null): Promise<boolean>;
}

/**
 * The small sheet the feed and product headers open on add-to-cart when a product is sold by size or
 * colour (001 §3 variants): the same size and colour choice as the product page (variant-options.tsx),
 * starting on a variant in stock, and the price with the variant's adjustment. A product with one
 * variant or none is added without asking.
 */
export function VariantPickerSheet({ productId, mode, onClose, onChoose }: VariantPickerSheetProps) {
  const product = useProduct(productId);
  const autoChosen = useRef(false);

  useEffect(() => {
    if (!product.data || autoChosen.current || product.data.variants.length > 1) return;
    autoChosen.current = true;
    void onChoose(product.data.variants[0] ?? null).then((added) => (added ? undefined : onClose()));
  }, [product.data, onChoose, onClose]);

  return (
    <Drawer open onOpenChange={(open) => (open ? undefined : onClose())} title="Choose options" description="Pick a size or colour to add to your cart">
      <div className="max-h-[70vh] overflow-y-auto px-4 pb-[calc(env(safe-area-inset-bottom)+1rem)]">
        {product.isError ? (
          <p className="py-6 text-center text-sm text-gray-600">This product could not be loaded. Please try again.</p>
        ) : !product.data || product.data.variants.length <= 1 ? (
          <Spinner label="Loading options" className="py-8" />
        ) : (
          <VariantChoice product={product.data} mode={mode} onChoose={onChoose} />
        )}
      </div>
    </Drawer>
  );
}

function VariantChoice({ product, mode, onChoose }: { product: ProductDetail; mode: VariantPickerSheetProps["mode"]; onChoose: VariantPickerSheetProps["onChoose"] }) {
  const { selection, pick, sizes, colors, variant } = useVariantSelection(product.variants);
  const [busy, setBusy] = useState(false);
  const buyable = variant && variant.stock > 0 ? variant : null;
  const confirm = async () => {
    if (!buyable) return;
    setBusy(true);
    await onChoose(buyable);
    setBusy(false);
  };

  return (
    <>
      <p className="text-sm font-medium text-gray-900">{product.title}</p>
      <div className="mt-3 flex flex-col gap-4">
        {sizes.length ? <OptionGroup tone="light" label="Size" choices={sizes} value={selection.size} onPick={(value) => pick("size", value)} /> : null}
        {colors.length ? <OptionGroup tone="light" label="Colour" choices={colors} value={selection.color} onPick={(value) => pick("color", value)} /> : null}
      </div>
      <p className="mt-3 text-sm text-gray-700">
        {buyable ? (
          <>
            {formatPrice(fromPaise(unitPricePaise(product.price, product.discountPercentage, buyable.priceAdjustment)))}
            <span className="ml-2 text-gray-500">{buyable.stock <= 5 ? `Only ${buyable.stock} left` : "In stock"}</span>
          </>
        ) : (
          "Out of stock"
        )}
      </p>
      <Button variant="solid" size="lg" className="mt-4 w-full" disabled={!buyable || busy} onClick={() => void confirm()}>
        {mode === "buy" ? "Buy now" : "Add to cart"}
      </Button>
    </>
  );
}

import type { ProductDetail } from "@reelmart/core/api/catalog";
import { defaultVariant, variantLabel } from "@reelmart/core/cart-lines";
import { useEffect, useMemo, useRef, useState } from "react";
import { useProduct } from "../product/api/get-product.ts";
import { Button } from "../ui/button.tsx";
import { Drawer } from "../ui/drawer.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { formatPrice, fromPaise } from "@reelmart/core/format";
import { unitPricePaise } from "@reelmart/core/pricing";

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
 * colour (001 §3 variants): one choice per variant, out-of-stock ones disabled, the price with the
 * variant's adjustment. A product with one variant or none is added without asking.
 */
export function VariantPickerSheet({ productId, mode, onClose, onChoose }: VariantPickerSheetProps) {
  const product = useProduct(productId);
  const [chosen, setChosen] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const autoChosen = useRef(false);
  const variants = useMemo(() => product.data?.variants ?? [], [product.data]);

  useEffect(() => {
    if (!product.data || autoChosen.current || product.data.variants.length > 1) return;
    autoChosen.current = true;
    void onChoose(product.data.variants[0] ?? null).then((added) => (added ? undefined : onClose()));
  }, [product.data, onChoose, onClose]);

  useEffect(() => {
    if (!chosen && variants.length > 1) setChosen(defaultVariant(variants)?.id ?? null);
  }, [chosen, variants]);

  const selected = variants.find((variant) => variant.id === chosen) ?? null;
  const confirm = async () => {
    if (!selected) return;
    setBusy(true);
    await onChoose(selected);
    setBusy(false);
  };

  return (
    <Drawer open onOpenChange={(open) => (open ? undefined : onClose())} title="Choose options" description="Pick a size or colour to add to your cart">
      <div className="max-h-[70vh] overflow-y-auto px-4 pb-[calc(env(safe-area-inset-bottom)+1rem)]">
        {product.isError ? (
          <p className="py-6 text-center text-sm text-gray-600">This product could not be loaded. Please try again.</p>
        ) : !product.data || variants.length <= 1 ? (
          <Spinner label="Loading options" className="py-8" />
        ) : (
          <>
            <p className="text-sm font-medium text-gray-900">{product.data.title}</p>
            <fieldset className="mt-3">
              <legend className="sr-only">Options</legend>
              <div className="flex flex-wrap gap-2">
                {variants.map((variant) => (
                  <label
                    key={variant.id}
                    className={`flex cursor-pointer items-center gap-2 rounded-full border px-4 py-2 text-sm has-[:checked]:border-gray-900 has-[:checked]:bg-gray-900 has-[:checked]:text-white has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-40 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-rose-400 ${variant.stock > 0 ? "border-gray-300" : "border-gray-200 line-through"}`}
                  >
                    <input
                      type="radio"
                      name="variant"
                      value={variant.id}
                      checked={chosen === variant.id}
                      disabled={variant.stock <= 0}
                      onChange={() => setChosen(variant.id)}
                      className="sr-only"
                    />
                    {variant.colorHex ? <span aria-hidden className="size-3 rounded-full ring-1 ring-gray-300" style={{ backgroundColor: variant.colorHex }} /> : null}
                    {variantLabel(variant) ?? "Standard"}
                  </label>
                ))}
              </div>
            </fieldset>
            {selected ? (
              <p className="mt-3 text-sm text-gray-700">
                {formatPrice(fromPaise(unitPricePaise(product.data.price, product.data.discountPercentage, selected.priceAdjustment)))}
                <span className="ml-2 text-gray-500">{selected.stock <= 5 ? `Only ${selected.stock} left` : "In stock"}</span>
              </p>
            ) : null}
            <Button variant="solid" size="lg" className="mt-4 w-full" disabled={!selected || busy} onClick={() => void confirm()}>
              {mode === "buy" ? "Buy now" : "Add to cart"}
            </Button>
          </>
        )}
      </div>
    </Drawer>
  );
}

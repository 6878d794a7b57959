import type { AdminProduct } from "@reelmart/core/api/admin";
import { formatDateTime } from "@reelmart/core/format";
import { ArrowLeft, BarChart3, ExternalLink } from "lucide-react";
import { Link } from "react-router";
import { AdminPageHeader } from "../../components/admin-page-header.tsx";
import { EmbedSnippetButton } from "../../components/embed-snippet.tsx";
import { StatusBadge } from "../../components/status-badge.tsx";

/**
 * The way back to the products, the title being typed, when the product was last saved and, for a
 * stored product, its status, analytics and (active only) its store page and embed snippet.
 */
export function EditorHeader({ product, title }: { product: AdminProduct | null; title: string }) {
  return (
    <>
      <Link to="/admin/products" className="flex w-fit items-center gap-1 text-sm text-neutral-300 hover:text-white">
        <ArrowLeft aria-hidden="true" className="size-4" /> Products
      </Link>
      <AdminPageHeader
        title={title.trim() || "Untitled product"}
        description={product ? `Last saved ${formatDateTime(product.updatedAt)}` : "New product, not saved yet"}
        actions={
          product ? (
            <>
              <StatusBadge status={product.status} />
              <Link to={`/admin/analytics/products/${product.id}`} className="flex items-center gap-1 text-sm text-rose-300 hover:underline">
                <BarChart3 aria-hidden="true" className="size-3.5" /> Analytics
              </Link>
              {product.status === "active" ? (
                <>
                  <Link to={`/product/${product.id}`} target="_blank" className="flex items-center gap-1 text-sm text-rose-300 hover:underline">
                    View in store <ExternalLink aria-hidden="true" className="size-3.5" />
                  </Link>
                  {/* The embed shows active products only, as the store does. */}
                  <EmbedSnippetButton target={{ kind: "product", id: product.id }} title={product.title} />
                </>
              ) : null}
            </>
          ) : null
        }
      />
    </>
  );
}

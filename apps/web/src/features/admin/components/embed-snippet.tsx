import { EMBED_LAYOUTS, type EmbedLayout, type EmbedTarget, iframeSnippet, scriptSnippet } from "@reelmart/core/embed";
import { Check, Code, Copy } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "../../../shared/ui/toast.ts";
import { Button } from "../../../shared/ui/button.tsx";
import { Dialog } from "../../../shared/ui/dialog.tsx";
import { SelectField } from "./select-field.tsx";

// "Embed snippet" for a product, a brand or a video (issue 18 item 4, decision 165): the script form
// (embed.js defines <reelmart-videos>) and the plain iframe form, each with a copy button. The same
// builders (core/embed.ts) make the oEmbed answer, so what the admin copies is what CMSs get.

const KIND_WORD: Record<EmbedTarget["kind"], string> = { v: "video", product: "product", brand: "brand" };

/** A button that opens the snippet dialog for `target`. */
export function EmbedSnippetButton({ target, title, size = "sm" }: { target: EmbedTarget; title: string; size?: "sm" | "icon" }) {
  const [open, setOpen] = useState(false);
  const label = `Embed snippet for ${title}`;
  return (
    <>
      <Button variant="ghost" size={size} aria-label={size === "icon" ? label : undefined} title={label} onClick={() => setOpen(true)}>
        <Code aria-hidden="true" className={size === "icon" ? "size-4" : "size-3.5"} />
        {size === "icon" ? null : " Embed"}
      </Button>
      {open ? <EmbedSnippetDialog target={target} title={title} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function EmbedSnippetDialog({ target, title, onClose }: { target: EmbedTarget; title: string; onClose(): void }) {
  const [layout, setLayout] = useState<EmbedLayout>("carousel");
  const origin = window.location.origin;
  const many = target.kind !== "v";
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? null : onClose())}
      title="Embed snippet"
      description={`Paste on any website to show ${many ? `this ${KIND_WORD[target.kind]}'s videos` : "this video"} with a link to the store. Served from this store only; no cookies.`}
    >
      {many ? (
        <SelectField
          label="Layout"
          value={layout}
          onChange={(event) => setLayout(event.target.value as EmbedLayout)}
          options={EMBED_LAYOUTS.map((value) => ({ value, label: value === "carousel" ? "Carousel (side by side)" : "Feed (one at a time, scrolls down)" }))}
        />
      ) : null}
      <SnippetBox label="Script" hint="A web component; sizes itself." code={scriptSnippet(origin, target, layout)} />
      <SnippetBox label="Iframe" hint="Where scripts cannot be pasted." code={iframeSnippet(origin, target, { layout, title })} />
    </Dialog>
  );
}

function SnippetBox({ label, hint, code }: { label: string; hint: string; code: string }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
    } catch {
      // swallowed: answered with 'Copy failed'; a refused clipboard is the browser's choice, not a fault.
      toast.error("Copy failed");
      return;
    }
    setCopied(true);
    toast.success(`${label} snippet copied`);
    setTimeout(() => setCopied(false), 2000);
  }
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-white">
          {label} <span className="font-normal text-neutral-400">· {hint}</span>
        </label>
        <Button variant="outline" size="sm" onClick={() => void copy()} aria-label={`Copy ${label.toLowerCase()} snippet`}>
          {copied ? <Check aria-hidden="true" className="size-3.5" /> : <Copy aria-hidden="true" className="size-3.5" />} {copied ? "Copied" : "Copy"}
        </Button>
      </div>
      <textarea id={id} readOnly value={code} rows={4} onFocus={(event) => event.target.select()} className="w-full resize-none rounded-lg border border-neutral-800 bg-neutral-900 p-2 font-mono text-xs text-neutral-200" />
    </div>
  );
}

import { type QualityChoice, qualityMenuOptions } from "@reelmart/core/quality";
import { Check, Settings } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "../ui/button.tsx";

interface QualityMenuProps {
  levels: number[];
  choice: QualityChoice;
  /** The level auto mode is playing, shown as 'Auto (480p)'. */
  activeLevel: number | null;
  onChoose(choice: QualityChoice): void;
}

/** 'Auto' plus the video's renditions (001 §2); a small menu button with keyboard support. */
export function QualityMenu({ levels, choice, activeLevel, onChoose }: QualityMenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const options = qualityMenuOptions(levels);

  useEffect(() => {
    if (!open) return;
    root.current?.querySelector<HTMLElement>('[aria-checked="true"]')?.focus();
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent ? event.key === "Escape" : !root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("pointerdown", close);
      document.removeEventListener("keydown", close);
    };
  }, [open]);

  return (
    <div ref={root} className="relative" data-gesture-ignore>
      <Button
        variant="bare"
        aria-label="Video quality"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
        className="flex size-10 items-center justify-center rounded-full bg-black/40 text-white backdrop-blur-sm"
      >
        <Settings className="size-5" aria-hidden />
      </Button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label="Video quality"
          className="absolute top-12 right-0 z-30 min-w-36 overflow-hidden rounded-xl bg-neutral-900/95 py-1 text-sm text-white shadow-xl ring-1 ring-white/10"
          onKeyDown={(event) => {
            if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
            event.preventDefault();
            event.stopPropagation();
            const items = [...(root.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? [])];
            const at = items.indexOf(document.activeElement as HTMLElement);
            items[(at + (event.key === "ArrowDown" ? 1 : items.length - 1)) % items.length]?.focus();
          }}
        >
          {options.map((option) => {
            const checked = option.value === choice;
            return (
              <Button
                variant="bare"
                key={option.label}
                role="menuitemradio"
                aria-checked={checked}
                onClick={() => {
                  onChoose(option.value);
                  setOpen(false);
                }}
                className="flex w-full items-center justify-between gap-3 px-4 py-2.5 text-left hover:bg-white/10 focus:bg-white/10 focus:outline-none"
              >
                <span>{option.value === "auto" && activeLevel ? `Auto (${activeLevel}p)` : option.label}</span>
                {checked && <Check className="size-4" aria-hidden />}
              </Button>
            );
          })}
        </div>
      )}
    </div>
  );
}

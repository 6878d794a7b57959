import type { ComponentProps } from "react";
import { classNames } from "./class-names.ts";

/**
 * The app's button looks. The dark ones sit on the app's near-black pages; `solid` and `outline-light`
 * sit on the white drawers and sheets.
 */
const VARIANTS = {
  /** The main action of a page or dialog. */
  primary: "rounded-full bg-rose-600 font-semibold text-white hover:bg-rose-700",
  /** A strong action that is not the brand colour: white pill on the dark page. */
  inverse: "rounded-full bg-white font-medium text-black hover:bg-neutral-200",
  /** An action that destroys something (Remove, Delete). */
  danger: "rounded-full bg-rose-600 font-medium text-white hover:bg-rose-500",
  /** A second choice beside a primary one (Cancel, Manage). */
  outline: "rounded-full border border-neutral-700 font-medium text-neutral-100 hover:bg-neutral-900",
  /** Toolbar and menu actions with no frame until hovered. */
  ghost: "rounded-full text-neutral-200 hover:bg-neutral-800",
  /** An inline action that reads as a link. */
  link: "font-semibold text-rose-400 hover:underline",
  /** The main action on a white drawer. */
  solid: "rounded-full bg-gray-900 font-medium text-white",
  /** A second choice on a white drawer. */
  "outline-light": "rounded-full border border-gray-300 font-medium text-gray-900",
  /** No look of its own: the caller draws it (tiles, rows, icon-only controls). */
  bare: "",
} as const;

const BOX = "inline-flex items-center justify-center gap-1.5";

const SIZES = {
  sm: `${BOX} px-3 py-1.5 text-sm`,
  md: `${BOX} px-5 py-2 text-sm`,
  lg: `${BOX} px-5 py-2.5 text-base`,
  /** A square target for an icon-only button: give it an aria-label. */
  icon: `${BOX} size-10`,
  /** No box at all: for `link` and `bare`, whose caller lays out the content. */
  none: "",
} as const;

export type ButtonVariant = keyof typeof VARIANTS;
export type ButtonSize = keyof typeof SIZES;

export type ButtonProps = ComponentProps<"button"> & { variant?: ButtonVariant; size?: ButtonSize };

const BASE = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-400 disabled:cursor-not-allowed disabled:opacity-50";

/**
 * Every button in the app. `type` defaults to "button" so a button inside a form submits only when it
 * says so. The caller's className adds layout (width, margins); look and size come from the props.
 */
export function Button({ variant = "primary", size, type = "button", className, ...props }: ButtonProps) {
  const chosenSize = size ?? (variant === "link" || variant === "bare" ? "none" : "md");
  return <button type={type} className={classNames(BASE, VARIANTS[variant], SIZES[chosenSize], className)} {...props} />;
}

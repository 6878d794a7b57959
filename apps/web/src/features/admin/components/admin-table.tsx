import { type RowData, type Table, flexRender } from "@tanstack/react-table";
import type { ReactNode } from "react";
import { classNames } from "../../../shared/ui/class-names.ts";

declare module "@tanstack/react-table" {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the type parameters must match the library's declaration
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Classes for the column's header and cells, such as `text-right` for amounts. */
    className?: string;
  }
}

/** A column's meta for what a phone leaves out (another cell repeats what a phone needs of it). */
export const WIDE_ONLY_COLUMN = { className: "hidden md:table-cell" };

interface AdminTableProps<Row> {
  table: Table<Row>;
  /** Names the table for screen readers (e.g. "Orders"). */
  label: string;
  /** Below this width the table scrolls sideways instead of squeezing its columns (e.g. `min-w-[720px]`). */
  minWidthClass: string;
  /** Loading, empty and error states, shown under the rows inside the table's frame. */
  children?: ReactNode;
}

/** The admin screens' data table: a TanStack table drawn in one frame, header and rows alike everywhere. */
export function AdminTable<Row>({ table, label, minWidthClass, children }: AdminTableProps<Row>) {
  return (
    // Focusable and named: on a phone the table scrolls sideways, and keyboard users must reach that too.
    <div role="region" aria-label={label} tabIndex={0} className="overflow-x-auto rounded-xl border border-white/10 focus-visible:outline-2 focus-visible:outline-white">
      <table aria-label={label} className={classNames("w-full text-left text-sm", minWidthClass)}>
        <thead className="bg-neutral-900 text-xs text-neutral-300 uppercase">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col" className={classNames("px-3 py-2 font-medium", header.column.columnDef.meta?.className)}>
                  {header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody className="divide-y divide-white/10">
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} className="hover:bg-white/5">
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id} className={classNames("px-3 py-2 align-middle text-neutral-200", cell.column.columnDef.meta?.className)}>
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {children}
    </div>
  );
}

import { type ColumnDef, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { Download } from "lucide-react";
import { type ReactNode, useMemo } from "react";
import { Button } from "../../../shared/ui/button.tsx";
import { AdminTable } from "../components/admin-table.tsx";
import { downloadCsv, toCsv } from "./csv.ts";

/** A column: its header, the text a cell shows (and the CSV writes), and optionally a richer cell. */
export interface FigureColumn<Row> {
  header: string;
  text: (row: Row) => string;
  cell?: (row: Row) => ReactNode;
  numeric?: boolean;
}

interface FigureTableProps<Row> {
  label: string;
  fileName: string;
  rows: Row[];
  columns: FigureColumn<Row>[];
  minWidthClass: string;
  empty: string;
}

/** An admin table whose CSV export is built from the same columns, so the file matches the table. */
export function FigureTable<Row>({ label, fileName, rows, columns, minWidthClass, empty }: FigureTableProps<Row>) {
  const definitions = useMemo<ColumnDef<Row>[]>(
    () =>
      columns.map((column) => ({
        id: column.header,
        header: column.header,
        cell: ({ row }) => (column.cell ? column.cell(row.original) : column.text(row.original)),
        meta: { className: column.numeric ? "text-right tabular-nums" : undefined },
      })),
    [columns],
  );
  const table = useReactTable({ data: rows, columns: definitions, getCoreRowModel: getCoreRowModel() });
  const exportCsv = () => downloadCsv(fileName, toCsv(columns.map((column) => column.header), rows.map((row) => columns.map((column) => column.text(row)))));
  return (
    <div className="flex flex-col gap-2">
      <div className="flex justify-end">
        <Button variant="ghost" size="sm" onClick={exportCsv} disabled={!rows.length} className="inline-flex items-center gap-1.5">
          <Download aria-hidden className="size-4" />
          Export {label} as CSV
        </Button>
      </div>
      <AdminTable table={table} label={label} minWidthClass={minWidthClass}>
        {rows.length === 0 ? <p className="px-4 py-8 text-center text-sm text-neutral-400">{empty}</p> : null}
      </AdminTable>
    </div>
  );
}

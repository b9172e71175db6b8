import type { ReactNode, TableHTMLAttributes } from 'react';
import ui from './Console.module.css';

/** A column heading; with a class when its cells have one (the numbers of a table, right-aligned). */
export type ConsoleColumn = string | { label: string; className?: string | undefined };

interface ConsoleTableProps extends Omit<TableHTMLAttributes<HTMLTableElement>, 'children'> {
  /** The column headings, in order. */
  columns: readonly ConsoleColumn[];
  caption?: ReactNode;
  /** The rows become blocks on a phone (Console.module.css's `.stacked`). */
  stacked?: boolean;
  /** The table is announced as it appears (the refused rows of a file). */
  alert?: boolean;
  /** The body's rows. */
  children: ReactNode;
}

/** The console's table: scrolls sideways in its own box, headed by its columns' names. */
export function ConsoleTable({
  columns,
  caption,
  stacked,
  alert,
  className,
  children,
  ...table
}: ConsoleTableProps) {
  const classes = [ui.table, stacked ? ui.stacked : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <div className={ui.tableWrap} role={alert ? 'alert' : undefined}>
      <table {...table} className={classes}>
        {caption && <caption>{caption}</caption>}
        <thead>
          <tr>
            {columns.map((column) => {
              const { label, className: cell } = typeof column === 'string' ? { label: column } : column;
              return (
                <th key={label} scope="col" className={cell}>
                  {label}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

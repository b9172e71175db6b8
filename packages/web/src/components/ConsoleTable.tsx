import {
  Children,
  cloneElement,
  isValidElement,
  type ReactElement,
  type ReactNode,
  type TableHTMLAttributes,
} from 'react';
import { useTranslation } from '../i18n/react';
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
  /** Each cell of a row (its `td`s, in the columns' order) carries its column's name in `data-label`. */
  labelled?: boolean;
  /** While the rows load: "Loading…", announced, instead of the table. */
  loading?: boolean;
  /** Said instead of the table when there are no rows. */
  empty?: string;
  /** The body's rows. */
  children: ReactNode;
}

/**
 * The console's table: scrolls sideways in its own box, headed by its columns' names; while its rows
 * load, or when there are none, a line that says so instead.
 */
export function ConsoleTable({
  columns,
  caption,
  stacked,
  alert,
  labelled,
  loading,
  empty,
  className,
  children,
  ...table
}: ConsoleTableProps) {
  const { t } = useTranslation();
  if (loading)
    return (
      <p className={ui.muted} role="status">
        {t('common.loading')}
      </p>
    );
  if (empty !== undefined && Children.toArray(children).length === 0)
    return <p className={ui.muted}>{empty}</p>;
  const labels = columns.map((column) => (typeof column === 'string' ? column : column.label));
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
        <tbody>{labelled ? labelledRows(children, labels) : children}</tbody>
      </table>
    </div>
  );
}

type Row = ReactElement<{ children?: ReactNode }>;
type Cell = ReactElement<{ 'data-label'?: string | undefined }>;

/** The rows with each cell given its column's name, for the stacked layout's labels. */
function labelledRows(rows: ReactNode, labels: readonly string[]): ReactNode {
  return Children.map(rows, (row) =>
    isValidElement(row)
      ? cloneElement(row as Row, {
          children: Children.map((row as Row).props.children, (cell, index) =>
            isValidElement(cell) ? cloneElement(cell as Cell, { 'data-label': labels[index] }) : cell,
          ),
        })
      : row,
  );
}

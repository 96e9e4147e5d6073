import type { ReactNode } from 'react';
import { classNames, toReactAttributes, type HtmlAttributes } from '../attributes.ts';

export interface TableCell {
  text?: string;
  html?: ReactNode;
  format?: string;
  classes?: string;
  colspan?: number;
  rowspan?: number;
  attributes?: HtmlAttributes;
}

/** Options of govuk-frontend's `govukTable` macro; falsy rows are skipped, as the macro does. */
export interface TableProps {
  rows: Array<TableCell[] | null | false | undefined>;
  head?: TableCell[];
  caption?: string;
  captionClasses?: string;
  firstCellIsHeader?: boolean;
  classes?: string;
  attributes?: HtmlAttributes;
}

const spans = (cell: TableCell) => ({
  colSpan: cell.colspan || undefined,
  rowSpan: cell.rowspan || undefined,
  ...toReactAttributes(cell.attributes),
});

export function Table({ rows, head, caption, captionClasses, firstCellIsHeader, classes, attributes }: TableProps) {
  return (
    <table className={classNames('govuk-table', classes)} {...toReactAttributes(attributes)}>
      {caption && <caption className={classNames('govuk-table__caption', captionClasses)}>{caption}</caption>}
      {head && (
        <thead className="govuk-table__head">
          <tr className="govuk-table__row">
            {head.map((cell, index) => (
              <th
                key={index}
                scope="col"
                className={classNames(
                  'govuk-table__header',
                  cell.format && `govuk-table__header--${cell.format}`,
                  cell.classes,
                )}
                {...spans(cell)}
              >
                {cell.html || cell.text}
              </th>
            ))}
          </tr>
        </thead>
      )}
      <tbody className="govuk-table__body">
        {rows.map(
          (row, rowIndex) =>
            row && (
              <tr key={rowIndex} className="govuk-table__row">
                {row.map((cell, index) =>
                  index === 0 && firstCellIsHeader ? (
                    <th
                      key={index}
                      scope="row"
                      className={classNames('govuk-table__header', cell.classes)}
                      {...spans(cell)}
                    >
                      {cell.html || cell.text}
                    </th>
                  ) : (
                    <td
                      key={index}
                      className={classNames(
                        'govuk-table__cell',
                        cell.format && `govuk-table__cell--${cell.format}`,
                        cell.classes,
                      )}
                      {...spans(cell)}
                    >
                      {cell.html || cell.text}
                    </td>
                  ),
                )}
              </tr>
            ),
        )}
      </tbody>
    </table>
  );
}

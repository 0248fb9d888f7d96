/** Props of {@link ColumnHeadings}. */
export interface ColumnHeadingsProps {
  /** The columns' headings, in order, each one word or a few (a heading may repeat). */
  names: readonly string[];
}

/**
 * A table's head of plain column headings: one row of `<th scope="col">`,
 * for a {@link PlainTable} whose headings are fixed words.
 */
export function ColumnHeadings({ names }: ColumnHeadingsProps) {
  return (
    <thead>
      <tr>
        {names.map((name, index) => (
          // By place: two columns may share a heading ("A year earlier").
          <th key={index} scope="col">
            {name}
          </th>
        ))}
      </tr>
    </thead>
  );
}

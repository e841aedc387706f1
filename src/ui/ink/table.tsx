// Ink views of tables and field blocks for terminals.
import { Box, Text } from 'ink';
import type { Column, Fields } from '../format.js';
import { clean, fitWidths, showValue, truncate } from '../format.js';

/**
 * The table for a terminal `width` columns wide: columns that may shrink (minWidth) are cut, with an
 * ellipsis, until it fits; every column has its own width and two spaces after it, so columns never
 * run together.
 */
export function Table<R>(props: { columns: Array<Column<R>>; rows: R[]; color: boolean; width?: number }) {
  const { columns, rows, color } = props;
  const full = rows.map((r) =>
    columns.map((c) => {
      const v = clean((c.terminal ?? c.value)(r));
      return c.maxWidth ? truncate(v, c.maxWidth) : v;
    }),
  );
  const natural = columns.map((c, i) => Math.max(Array.from(c.header).length, ...full.map((row) => Array.from(row[i]!).length)));
  const widths = fitWidths(
    natural,
    columns.map((c) => c.minWidth),
    props.width ?? Number.POSITIVE_INFINITY,
  );
  const cells = full.map((row) => row.map((v, i) => truncate(v, widths[i]!)));
  return (
    <Box flexDirection="row">
      {columns.map((c, i) => (
        <Box
          key={c.header}
          flexDirection="column"
          width={widths[i]}
          marginRight={i === columns.length - 1 ? 0 : 2}
          flexShrink={i === columns.length - 1 ? 1 : 0}
        >
          <Text bold={color} dimColor={color} wrap="truncate-end">
            {truncate(c.header, widths[i]!)}
          </Text>
          {cells.map((row, j) => (
            <Text key={j} color={color ? (typeof c.color === 'function' ? c.color(rows[j]!) : c.color) : undefined} wrap="truncate-end">
              {row[i]}
            </Text>
          ))}
        </Box>
      ))}
    </Box>
  );
}

export function FieldList(props: { fields: Fields; color: boolean }) {
  const { fields, color } = props;
  return (
    <Box flexDirection="row">
      <Box flexDirection="column" marginRight={2}>
        {fields.map(([label], i) => (
          <Text key={i} dimColor={color}>
            {label}
          </Text>
        ))}
      </Box>
      <Box flexDirection="column" flexShrink={1}>
        {fields.map(([, value], i) => (
          <Text key={i} wrap="truncate-end">
            {clean(showValue(value))}
          </Text>
        ))}
      </Box>
    </Box>
  );
}

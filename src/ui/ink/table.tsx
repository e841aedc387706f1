// Ink views of tables and field blocks for terminals.
import { Box, Text } from 'ink';
import type { Column, Fields } from '../format.js';
import { clean, showValue, truncate } from '../format.js';

export function Table<R>(props: { columns: Array<Column<R>>; rows: R[]; color: boolean }) {
  const { columns, rows, color } = props;
  const cells = rows.map((r) =>
    columns.map((c) => {
      const v = clean(c.value(r));
      return c.maxWidth ? truncate(v, c.maxWidth) : v;
    }),
  );
  return (
    <Box flexDirection="row">
      {columns.map((c, i) => (
        <Box key={c.header} flexDirection="column" marginRight={i === columns.length - 1 ? 0 : 2} flexShrink={i === columns.length - 1 ? 1 : 0}>
          <Text bold={color} dimColor={color} wrap="truncate-end">
            {c.header}
          </Text>
          {cells.map((row, j) => (
            <Text key={j} color={color ? c.color : undefined} wrap="truncate-end">
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

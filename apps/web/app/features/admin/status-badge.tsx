import { Badge } from 'antd';
import type { BadgeProps } from 'antd';

/** One value of a status column: its words and the dot's colour. */
export interface StatusOption {
  value: number;
  label: string;
  status: NonNullable<BadgeProps['status']>;
}

/**
 * A status as a coloured dot and its words. A Badge rather than a coloured Tag: the extracted antd stylesheet has
 * no Tag colour presets, which antd only generates when a coloured Tag first renders (apps/web/vite/antd-css.ts).
 */
export function StatusBadge({ options, value }: { options: readonly StatusOption[]; value: number }) {
  const found = options.find((o) => o.value === value);
  return (
    <Badge status={found?.status ?? 'default'} text={found?.label ?? String(value)} style={{ whiteSpace: 'nowrap' }} />
  );
}

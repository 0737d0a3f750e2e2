import { Tag } from 'antd';
import type { Filter } from './paged-list.tsx';

/** The filter of community content an administrator may hide: shown or hidden. */
export const HIDDEN_FILTER: Filter = {
  kind: 'select',
  name: 'isHidden',
  label: '状态',
  options: [
    { value: 0, label: '显示中' },
    { value: 1, label: '已隐藏' },
  ],
};

/** Whether a piece of community content shows, as a tag. */
export function HiddenTag({ hidden }: { hidden: number }) {
  return hidden ? <Tag color="red">已隐藏</Tag> : <Tag color="green">显示中</Tag>;
}

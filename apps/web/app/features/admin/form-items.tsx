import { Form, InputNumber, Select, Switch } from 'antd';
import type { FormItemProps } from 'antd';

/** The contract keeps on/off as 1/0; a Switch speaks booleans. */
export const flagSwitch: Pick<FormItemProps, 'valuePropName' | 'getValueProps' | 'normalize'> = {
  valuePropName: 'checked',
  getValueProps: (v: unknown) => ({ checked: v === 1 || v === '1' }),
  normalize: (checked: boolean) => (checked ? 1 : 0),
};

export const targetOptions = [
  { value: '_self', label: '当前窗口打开' },
  { value: '_blank', label: '新窗口打开' },
];

export function TargetItem({ name, label = '打开方式' }: { name: string | Array<string | number>; label?: string }) {
  return (
    <Form.Item name={name} label={label}>
      <Select options={targetOptions} style={{ width: 180 }} />
    </Form.Item>
  );
}

/** Sort and status, which every simple list carries (smaller sort comes first). */
export function SortStatusItems() {
  return (
    <div style={{ display: 'flex', gap: 48 }}>
      <Form.Item name="sort" label="排序" extra="数字越小越靠前">
        <InputNumber min={0} max={99999} precision={0} style={{ width: 140 }} />
      </Form.Item>
      <Form.Item name="statusId" label="状态" {...flagSwitch}>
        <Switch checkedChildren="启用" unCheckedChildren="停用" />
      </Form.Item>
    </div>
  );
}

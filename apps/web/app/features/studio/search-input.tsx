import { Input } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useState } from 'react';

/**
 * A search box that searches on Enter and when cleared. A plain Input rather than Input.Search, whose attached
 * button the extracted antd stylesheet does not lay out (apps/web/vite/antd-css.ts).
 */
export function SearchInput(props: {
  placeholder: string;
  initial: string;
  maxLength: number;
  width?: number;
  onSearch: (v: string) => void;
}) {
  const [value, setValue] = useState(props.initial);
  return (
    <Input
      allowClear
      prefix={<SearchOutlined className="qk-muted" />}
      aria-label={props.placeholder}
      placeholder={`${props.placeholder}，回车搜索`}
      maxLength={props.maxLength}
      style={{ width: props.width ?? 260 }}
      value={value}
      onChange={(e) => {
        setValue(e.target.value);
        if (e.target.value === '' && props.initial !== '') props.onSearch('');
      }}
      onPressEnter={() => props.onSearch(value.trim())}
    />
  );
}

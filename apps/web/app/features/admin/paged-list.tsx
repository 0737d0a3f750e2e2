import { SearchOutlined } from '@ant-design/icons';
import { Button, Card, Input, Select, Space, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useLocation, useNavigation, useSearchParams } from 'react-router';
import { useMinLoading } from '../../lib/min-loading.ts';

/** One search control above the table; its value travels in the page address under `name`. */
export type Filter =
  | { kind: 'text'; name: string; label: string; placeholder?: string; maxLength?: number; width?: number }
  | {
      kind: 'select';
      name: string;
      label: string;
      options: ReadonlyArray<{ value: number; label: string }>;
      width?: number;
    };

export interface PageData<Row> {
  list: Row[];
  totalCount: number;
  pageCurrent: number;
  pageSize: number;
}

interface PagedListProps<Row extends { id: string }> {
  title: ReactNode;
  /** What one row is called, for the empty table's text. */
  noun: string;
  page: PageData<Row>;
  columns: TableColumnsType<Row>;
  filters?: Filter[];
  description?: ReactNode;
  /** Header buttons, e.g. 发送消息. */
  extra?: ReactNode;
}

type Values = Record<string, string | number | undefined>;

function valuesFrom(params: URLSearchParams, filters: Filter[]): Values {
  return Object.fromEntries(
    filters.map((f) => {
      const raw = params.get(f.name);
      return [f.name, f.kind === 'select' ? (raw === null || raw === '' ? undefined : Number(raw)) : (raw ?? '')];
    }),
  );
}

/**
 * The search controls. Plain flex rather than an inline antd Form: the extracted antd stylesheet leaves out the
 * grid an inline Form lays itself out with (apps/web/vite/antd-css.ts).
 */
function FilterBar({
  filters,
  initial,
  onApply,
}: {
  filters: Filter[];
  initial: Values;
  onApply: (v: Values) => void;
}) {
  const [draft, setDraft] = useState<Values>(initial);
  const blank = Object.fromEntries(filters.map((f) => [f.name, f.kind === 'select' ? undefined : '']));
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '12px 24px', marginBottom: 16 }}>
      {filters.map((f) => (
        <label key={f.name} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <span style={{ color: '#555', whiteSpace: 'nowrap' }}>{f.label}</span>
          {f.kind === 'text' ? (
            <Input
              allowClear
              value={draft[f.name] as string}
              placeholder={f.placeholder}
              maxLength={f.maxLength}
              style={{ width: f.width ?? 180 }}
              onChange={(e) => setDraft({ ...draft, [f.name]: e.target.value })}
              onPressEnter={() => onApply(draft)}
            />
          ) : (
            <Select
              allowClear
              placeholder="全部"
              value={draft[f.name] as number | undefined}
              options={[...f.options]}
              style={{ width: f.width ?? 140 }}
              // a choice is a whole answer: apply it without waiting for 查询
              onChange={(v: number | undefined) => onApply({ ...draft, [f.name]: v })}
            />
          )}
        </label>
      ))}
      <Space>
        <Button type="primary" icon={<SearchOutlined />} onClick={() => onApply(draft)}>
          查询
        </Button>
        <Button onClick={() => onApply(blank)}>重置</Button>
      </Space>
    </div>
  );
}

/**
 * A list the server pages and filters (users, applications, feedback, messages): filters and page number live in the
 * address, so the loader reads them and reloading keeps the view. Texts apply on 查询 or Enter, choices at once.
 * Lists small enough to load whole use ListPage instead.
 */
export function PagedList<Row extends { id: string }>({
  title,
  noun,
  page,
  columns,
  filters = [],
  description,
  extra,
}: PagedListProps<Row>) {
  const [params, setParams] = useSearchParams();
  const navigation = useNavigation();
  const location = useLocation();
  const loading = useMinLoading(navigation.state === 'loading' && navigation.location?.pathname === location.pathname);
  const current = valuesFrom(params, filters);
  const filtered = filters.some((f) => params.get(f.name));

  function apply(values: Values, pageCurrent = 1, pageSize = page.pageSize) {
    const next = new URLSearchParams();
    for (const f of filters) {
      const v = values[f.name];
      if (v !== undefined && String(v).trim() !== '') next.set(f.name, String(v).trim());
    }
    if (pageCurrent > 1) next.set('pageCurrent', String(pageCurrent));
    if (pageSize !== 20) next.set('pageSize', String(pageSize));
    setParams(next);
  }

  return (
    <Card title={title} extra={extra}>
      {description ? <div style={{ color: '#666', marginBottom: 16 }}>{description}</div> : null}
      {filters.length > 0 ? (
        // remounted when the address changes (back button, reset), so the controls always show the list's filters
        <FilterBar key={params.toString()} filters={filters} initial={current} onApply={(v) => apply(v)} />
      ) : null}
      <Table<Row>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={page.list}
        loading={loading}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page.pageCurrent,
          pageSize: page.pageSize,
          total: page.totalCount,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (total) => `共 ${total} 条`,
          onChange: (pageCurrent, pageSize) => apply(current, pageSize === page.pageSize ? pageCurrent : 1, pageSize),
        }}
        locale={{ emptyText: filtered ? `没有符合条件的${noun}，换个条件试试` : `还没有${noun}` }}
      />
    </Card>
  );
}

import { Button, Card, Input, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import type { CallData } from '#contract/call.ts';
import {
  adminSensitiveWordDelete,
  adminSensitiveWordList,
  adminSensitiveWordSave,
  SENSITIVE_WORD_MAX,
  SENSITIVE_WORDS_PER_SAVE,
} from '#contract/community-moderation.ts';
import { adminLoad } from '../../features/admin/admin-loader.ts';
import { pageQueryFrom } from '../../features/admin/page-query.ts';
import { PagedList, type Filter } from '../../features/admin/paged-list.tsx';
import { useAdminCall } from '../../features/admin/use-admin-action.ts';
import type { Route } from './+types/sensitive-words.ts';

export const meta: Route.MetaFunction = () => [{ title: '敏感词 · 青课管理后台' }];

export async function loader(args: Route.LoaderArgs) {
  return {
    page: await adminLoad(args, adminSensitiveWordList, pageQueryFrom(args.request, adminSensitiveWordList)),
  };
}

type Row = CallData<typeof adminSensitiveWordList>['list'][number];

const filters: Filter[] = [{ kind: 'text', name: 'word', label: '敏感词', maxLength: SENSITIVE_WORD_MAX }];

/** Many words at once, one a line, as they come from a list kept elsewhere. */
function AddWords() {
  const { call, pending } = useAdminCall();
  const [text, setText] = useState('');
  const [result, setResult] = useState('');
  const lines = text.split('\n').filter((l) => l.trim() !== '').length;

  async function add() {
    const res = await call(adminSensitiveWordSave, { words: text }, '敏感词已保存');
    if (!res) return;
    setResult(`新增 ${res.added} 个${res.skipped ? `，跳过 ${res.skipped} 个（重复或已存在）` : ''}`);
    setText('');
  }

  return (
    <Card title="添加敏感词" size="small" style={{ marginBottom: 16 }}>
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        {`每行一个，最多 ${SENSITIVE_WORDS_PER_SAVE} 行，每个不超过 ${SENSITIVE_WORD_MAX} 个字。比对时不区分大小写与全角半角，并忽略词中的空格，例如「代开 发票」与「代开发票」视为同一个词。`}
        用户发布博客、问答与评论时，含有敏感词的内容会被拒绝，并提示是哪个词。
      </Typography.Paragraph>
      <Input.TextArea
        aria-label="敏感词，每行一个"
        rows={5}
        value={text}
        placeholder={'例如：\n代开发票\n加微信刷单'}
        onChange={(e) => {
          setText(e.target.value);
          setResult('');
        }}
      />
      <div style={{ display: 'flex', alignItems: 'center', gap: 16, marginTop: 12 }}>
        <Button type="primary" loading={pending} disabled={lines === 0} onClick={add}>
          添加{lines > 0 ? ` ${lines} 个` : ''}
        </Button>
        {result ? <Typography.Text type="success">{result}</Typography.Text> : null}
      </div>
    </Card>
  );
}

export default function AdminSensitiveWords({ loaderData }: Route.ComponentProps) {
  const { call } = useAdminCall();
  return (
    <>
      <AddWords />
      <PagedList<Row>
        title="敏感词"
        noun="敏感词"
        page={loaderData.page}
        filters={filters}
        columns={[
          { title: '敏感词', dataIndex: 'word' },
          { title: '添加人', dataIndex: 'addedBy', width: 160, render: (v: string) => v || '—' },
          { title: '添加时间', dataIndex: 'gmtCreate', width: 180 },
          {
            title: '操作',
            key: 'actions',
            width: 100,
            render: (_: unknown, r) => (
              <Popconfirm
                title={`删除敏感词「${r.word}」？`}
                okText="删除"
                cancelText="取消"
                onConfirm={() => call(adminSensitiveWordDelete, { id: r.id }, '已删除')}
              >
                <Button size="small" danger>
                  删除
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </>
  );
}

import { useState } from 'react';
import { useRevalidator, useSearchParams } from 'react-router';
import { Dialog, Popup } from 'antd-mobile';
import './mobile-render.ts';
import { msgUserBatchDelete, msgUserRead, msgUserReadAll, type TMsgUser } from '#contract/message.ts';
import type { Route } from './+types/account-message.ts';
import { api } from '../api/client.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { loadMyMessages } from '../features/account/my-lists.ts';
import { showSuccess } from '../lib/toast.ts';
import { unreadChanged } from '../lib/unread.ts';
import { H5Chip } from './h5-chip.tsx';
import { H5Header } from './h5-frame.tsx';
import { H5Pager } from './h5-pager.tsx';
import './h5-lists.css';

export function loader(args: Route.LoaderArgs) {
  return loadMyMessages(args, 20);
}

const TABS = [
  { value: '', label: '全部' },
  { value: '0', label: '未读' },
  { value: '1', label: '已读' },
];

/** /h5/account/message — my messages, newest first: read one, read all, delete one. */
export default function H5Messages({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const [params] = useSearchParams();
  const revalidator = useRevalidator();
  const [open, setOpen] = useState<TMsgUser | null>(null);
  const isRead = params.get('isRead') ?? '';

  async function changed() {
    unreadChanged();
    await revalidator.revalidate();
  }
  async function read(m: TMsgUser) {
    setOpen(m);
    if (m.isRead === 1) return;
    try {
      setOpen(await api(msgUserRead, { id: m.id }));
      await changed();
    } catch {
      // the response handler has said why
    }
  }
  async function readAll() {
    try {
      await api(msgUserReadAll);
      await changed();
    } catch {
      // the response handler has said why
    }
  }
  async function remove(m: TMsgUser) {
    if (!(await Dialog.confirm({ content: '删除这条消息？', confirmText: '删除', cancelText: '取消' }))) return;
    try {
      await api(msgUserBatchDelete, { ids: [m.id] });
      showSuccess('消息已删除');
      setOpen(null);
      await changed();
    } catch {
      // the response handler has said why
    }
  }

  return (
    <>
      <PageMeta title="我的消息" />
      <H5Header title="我的消息" />
      <h1 className="h5-visually-hidden">我的消息</h1>
      <nav className="h5-chips" aria-label="消息状态">
        {TABS.map((t) => (
          <H5Chip
            key={t.value}
            to={t.value ? `/h5/account/message?isRead=${t.value}` : '/h5/account/message'}
            on={isRead === t.value}
          >
            {t.label}
          </H5Chip>
        ))}
        <button type="button" className="h5-chip" onClick={() => void readAll()}>
          全部标为已读
        </button>
      </nav>
      {page.list.length === 0 ? (
        <p className="h5-empty">暂无消息</p>
      ) : (
        <ul className="h5-rows" aria-label={`消息，共 ${page.totalCount} 条`}>
          {page.list.map((m) => (
            <li key={m.id} className={m.isRead ? 'h5-rows__item' : 'h5-rows__item is-unread'}>
              <button type="button" className="h5-rows__main" onClick={() => void read(m)}>
                <span className="h5-rows__title">{m.msgTitle}</span>
                <span className="h5-muted">
                  {m.isRead ? '已读' : '未读'} · {m.gmtCreate}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <H5Pager page={page} />
      <Popup visible={open !== null} onMaskClick={() => setOpen(null)} bodyClassName="h5-sheet">
        {open ? (
          <div role="dialog" aria-label={open.msgTitle}>
            <h2>{open.msgTitle}</h2>
            <p className="h5-muted">{open.gmtCreate}</p>
            <p className="h5-pre">{open.msgText}</p>
            <button type="button" className="h5-button h5-button--block" onClick={() => void remove(open)}>
              删除
            </button>
            <button type="button" className="h5-button h5-button--block" onClick={() => setOpen(null)}>
              关闭
            </button>
          </div>
        ) : null}
      </Popup>
    </>
  );
}

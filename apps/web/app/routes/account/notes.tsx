import { Button, Pagination, Popconfirm } from 'antd';
import { useRevalidator } from 'react-router';
import { Link } from '../../components/link.tsx';
import { noteLogDelete, type TNoteLog } from '#contract/study.ts';
import type { Route } from './+types/notes.ts';
import { api } from '../../api/client.ts';
import { EmptyState, Page } from '../../components/page.tsx';
import { useQueryParam } from '../../features/account/page-query.ts';
import { useAction } from '../../features/account/use-action.ts';
import { clock, periodPath } from '../../features/course/course-format.ts';
import { loadMyNotes } from '../../features/account/my-lists.ts';
import '../../features/course/account-course.css';

const PAGE_SIZE = 10;

export function loader(args: Route.LoaderArgs) {
  return loadMyNotes(args, PAGE_SIZE);
}

/** /account/notes — my notes, each leading back to its lesson at the second it was written. */
export default function AccountNotes({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const setParam = useQueryParam();
  const revalidator = useRevalidator();
  const { run } = useAction();

  async function remove(n: TNoteLog) {
    if ((await run(() => api(noteLogDelete, { id: n.id }), { toast: true, success: '笔记已删除' })) !== undefined)
      await revalidator.revalidate();
  }

  return (
    <Page title="我的笔记">
      {page.list.length === 0 ? (
        <EmptyState text="还没有笔记，看课时可以随手记下要点" />
      ) : (
        <ul className="qk-note-list">
          {page.list.map((n) => (
            <li key={n.id} className="qk-note-card">
              <div className="qk-note-card__head">
                <strong>{n.courseName}</strong>
                <span className="qk-muted">{n.periodName}</span>
              </div>
              <p className="qk-pre">{n.content}</p>
              <div className="qk-note-card__foot">
                <Link to={periodPath(n.courseId, n.periodId, n.position)} className="qk-note-card__jump">
                  ▶ 回到 {clock(n.position) || '00:00'}
                </Link>
                <span className="qk-muted">{n.gmtModified.slice(0, 16)}</span>
                <Popconfirm
                  title="删除这条笔记？"
                  okText="删除"
                  okButtonProps={{ danger: true }}
                  cancelText="取消"
                  onConfirm={() => remove(n)}
                >
                  <Button type="link" size="small" danger>
                    删除
                  </Button>
                </Popconfirm>
              </div>
            </li>
          ))}
        </ul>
      )}
      {page.totalPage > 1 ? (
        <Pagination
          className="qk-pager"
          current={page.pageCurrent}
          pageSize={PAGE_SIZE}
          total={page.totalCount}
          showSizeChanger={false}
          onChange={(n) => setParam('page', n)}
        />
      ) : null}
    </Page>
  );
}

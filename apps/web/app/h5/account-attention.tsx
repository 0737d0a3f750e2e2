import { Link } from '../components/link.tsx';
import { attentionDelete, type TAttentionItem } from '#contract/lecturer.ts';
import type { Route } from './+types/account-attention.ts';
import { api } from '../api/client.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { loadMyAttention } from '../features/account/my-lists.ts';
import { useConfirmedRemove } from './confirm-remove.ts';
import { H5Header } from './h5-frame.tsx';
import { H5Pager } from './h5-pager.tsx';
import { H5PersonRow } from './person-row.tsx';
import './h5-lists.css';
import './h5-pages.css';

export function loader(args: Route.LoaderArgs) {
  return loadMyAttention(args, 10);
}

/** /h5/account/attention — the lecturers I follow, each a tap from their page, each one I can stop following. */
export default function H5Attention({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const confirmRemove = useConfirmedRemove();
  const unfollow = (l: TAttentionItem) =>
    confirmRemove(
      { content: `确定不再关注${l.lecturerName}吗？`, confirmText: '取消关注', cancelText: '再想想' },
      () => api(attentionDelete, { lecturerId: l.lecturerId }),
      '已取消关注',
    );
  return (
    <>
      <PageMeta title="我的关注" />
      <H5Header title="我的关注" />
      <h1 className="h5-visually-hidden">我的关注</h1>
      {page.list.length === 0 ? (
        <div className="h5-empty">
          <p>还没有关注讲师</p>
          <Link className="h5-button h5-button--primary" to="/h5/teachingStaff">
            去看看讲师团队
          </Link>
        </div>
      ) : (
        <ul className="h5-pages__list" aria-label={`关注的讲师，共 ${page.totalCount} 位`}>
          {page.list.map((l) => (
            <li key={l.lecturerId} className="h5-followed">
              <H5PersonRow
                to={`/h5/lecturer/${l.lecturerId}`}
                name={l.lecturerName}
                headImgUrl={l.headImgUrl}
                position={l.position}
                note={`关注于 ${l.gmtCreate.slice(0, 10)}`}
              />
              <button type="button" className="h5-button" onClick={() => void unfollow(l)}>
                取消关注
              </button>
            </li>
          ))}
        </ul>
      )}
      <H5Pager page={page} />
    </>
  );
}

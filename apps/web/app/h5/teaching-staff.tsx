import type { Route } from './+types/teaching-staff.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { loadTeachingStaff } from '../features/pages/teaching-staff-load.ts';
import { H5Footer, H5Header } from './h5-frame.tsx';
import { H5KeywordForm } from './keyword-form.tsx';
import { H5Pager } from './h5-pager.tsx';
import { H5PersonRow } from './person-row.tsx';
import './h5-pages.css';

const PAGE_SIZE = 10;

export function loader(args: Route.LoaderArgs) {
  return loadTeachingStaff(args, PAGE_SIZE);
}

/** /h5/teachingStaff — the school's lecturers on a phone, searchable by name, each leading to their page. */
export default function H5TeachingStaff({ loaderData }: Route.ComponentProps) {
  const { page, lecturerName } = loaderData;
  return (
    <>
      <PageMeta title="讲师团队" />
      <H5Header title="讲师团队" />
      <h1 className="h5-visually-hidden">讲师团队</h1>
      <H5KeywordForm name="name" initial={lecturerName} placeholder="按讲师名称搜索" label="搜索讲师" maxLength={20} />
      {page.list.length ? (
        <ul className="h5-pages__list" aria-label={`讲师，共 ${page.totalCount} 位`}>
          {page.list.map((l) => (
            <li key={l.id}>
              <H5PersonRow
                to={`/h5/lecturer/${l.id}`}
                name={l.lecturerName}
                headImgUrl={l.headImgUrl}
                position={l.position}
                note={`${l.attentionCount} 人关注`}
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className="h5-empty">{lecturerName ? `没有找到名称包含“${lecturerName}”的讲师` : '暂无讲师'}</p>
      )}
      <H5Pager page={page} />
      <H5Footer />
    </>
  );
}

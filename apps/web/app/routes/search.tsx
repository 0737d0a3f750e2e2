import { useLocation, useParams } from 'react-router';
import { searchTypeForPath } from '#contract/codes.ts';
import { EmptyState, Page } from '../components/page.tsx';
import { SearchBox } from '../components/header/search-box.tsx';

const TYPE_NAMES: Record<number, string> = {
  1: '课程',
  2: '直播',
  4: '资源',
  5: '考试',
  6: '博客',
  7: '问答',
  8: '资讯',
};

/** /search/:str?type=N — the keyword and section are kept; results arrive with the search feature. */
export default function SearchPage() {
  const { str = '' } = useParams();
  const { search } = useLocation();
  const raw = Number(new URLSearchParams(search).get('type'));
  const type = TYPE_NAMES[raw] ? raw : searchTypeForPath('/');
  return (
    <Page title={str ? `搜索：${str}` : '搜索'}>
      <div className="qk-search-page__box">
        <SearchBox key={str} variant="box" initial={str} type={type} />
      </div>
      <p className="qk-muted">{str ? `在「${TYPE_NAMES[type]}」中搜索“${str}”` : `在「${TYPE_NAMES[type]}」中搜索`}</p>
      <EmptyState />
    </Page>
  );
}

import { Link } from '../../components/link.tsx';
import { paperRecommendList } from '#contract/exam-centre.ts';
import type { Route } from './+types/online-test.ts';
import { EmptyState } from '../../components/page.tsx';
import { PageMeta } from '../../components/page-meta.tsx';
import { pageLoad } from '../../lib/session-load.ts';
import { PaperItem } from '../../features/exam/paper-item.tsx';
import '../../features/exam/exam.css';

export async function loader(args: Route.LoaderArgs) {
  return { papers: await pageLoad(args, paperRecommendList, { count: 10 }) };
}

/** /onlineTest — the online test activity: a banner and the papers open now, leading into the paper centre. */
export default function OnlineTest({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageMeta title="在线测试" description="在线模拟考试：限时作答、自动保存、交卷即出分。" />
      <section className="qk-activity">
        <h1>在线测试</h1>
        <p>限时作答 · 答案实时保存 · 客观题交卷即出分 · 错题自动收录</p>
        <Link to="/exam" className="qk-exam-btn">
          进入考试中心
        </Link>
      </section>
      <div className="qk-container qk-page">
        <h2 style={{ fontSize: 18, margin: '0 0 12px' }}>正在开放的试卷</h2>
        {loaderData.papers.length === 0 ? (
          <EmptyState text="暂时没有开放的试卷" />
        ) : (
          <div className="qk-exam-list">
            {loaderData.papers.map((p) => (
              <PaperItem key={p.id} paper={p} />
            ))}
          </div>
        )}
      </div>
    </>
  );
}

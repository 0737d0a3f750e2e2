import { Button } from 'antd';
import { Link } from '../components/link.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import { RECRUIT_BENEFITS, RECRUIT_STEPS, recruitAction } from '../features/pages/recruit-content.ts';
import { useRootData } from '../lib/root-data.ts';
import '../features/pages/pages.css';

const DESCRIPTION = '加入青课讲师团队：自主定价、完整教学工具、平台推广、随时提现。提交资料，审核通过即可开课。';

/** /recruit — lecturer recruitment: what a lecturer gets, how to join, and the application entry. */
export default function Recruit() {
  const action = recruitAction(useRootData()?.user ?? null);
  return (
    <div className="qk-container qk-page">
      <PageMeta title="讲师招募" description={DESCRIPTION} />
      <section className="qk-recruit__hero">
        <h1>讲师招募</h1>
        <p>{DESCRIPTION}</p>
        <Link to={action.to}>
          <Button size="large">{action.label}</Button>
        </Link>
        {action.note ? <p style={{ marginTop: 12, marginBottom: 0 }}>{action.note}</p> : null}
      </section>
      <ul className="qk-recruit__grid">
        {RECRUIT_BENEFITS.map((b) => (
          <li key={b.title}>
            <h3>{b.title}</h3>
            <p className="qk-muted">{b.text}</p>
          </li>
        ))}
      </ul>
      <section className="qk-card">
        <h2 className="qk-card__title">入驻流程</h2>
        <ol className="qk-recruit__steps">
          {RECRUIT_STEPS.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ol>
      </section>
      <section className="qk-card">
        <h2 className="qk-card__title">还有疑问？</h2>
        <p>
          可以先 <Link to="/onlineRegistration">在线咨询登记</Link>，我们会尽快联系您；也可以看看{' '}
          <Link to="/teachingStaff">已入驻的讲师</Link>。
        </p>
      </section>
    </div>
  );
}

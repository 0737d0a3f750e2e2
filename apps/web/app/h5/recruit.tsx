import { Link } from '../components/link.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import { RECRUIT_BENEFITS, RECRUIT_STEPS, recruitAction } from '../features/pages/recruit-content.ts';
import { useRootData } from '../lib/root-data.ts';
import { H5Footer, H5Header } from './h5-frame.tsx';
import { h5Href } from './h5-links.ts';
import './h5-pages.css';

/** /h5/recruit — lecturer recruitment on a phone, leading to the H5 application (the centres are PC pages). */
export default function H5Recruit() {
  const action = recruitAction(useRootData()?.user ?? null);
  // the centres are PC pages: a plain link leaves the H5 site for them
  return (
    <>
      <PageMeta title="讲师招募" description="加入青课讲师团队：自主定价、完整教学工具、平台推广、随时提现。" />
      <H5Header title="讲师招募" />
      <section className="h5-pages__hero">
        <h1>讲师招募</h1>
        <p>自主定价、完整教学工具、平台推广、随时提现。提交资料，审核通过即可开课。</p>
        <a href={h5Href(action.to)} className="h5-button h5-button--primary h5-button--block">
          {action.label}
        </a>
        {action.note ? <p>{action.note}</p> : null}
      </section>
      <ul className="h5-pages__list">
        {RECRUIT_BENEFITS.map((b) => (
          <li key={b.title}>
            <h2>{b.title}</h2>
            <p className="h5-muted">{b.text}</p>
          </li>
        ))}
      </ul>
      <section className="h5-section">
        <h2 className="h5-section__title">入驻流程</h2>
        <ol className="h5-pages__steps">
          {RECRUIT_STEPS.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ol>
        <p>
          还有疑问？<Link to="/h5/onlineRegistration">在线咨询登记</Link>
        </p>
      </section>
      <H5Footer />
    </>
  );
}

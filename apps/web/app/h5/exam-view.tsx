import { Link } from '../components/link.tsx';
import type { Route } from './+types/exam-view.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { sectionTitle } from '../features/exam/format.ts';
import { loadPaper } from '../features/exam/paper-load.ts';
import { PriceTag } from '../features/exam/paper-item.tsx';
import { Stem } from '../features/exam/problem-input.tsx';
import { collectPaper } from '../features/account/collect.ts';
import { H5CollectButton } from './collect-button.tsx';
import { H5Footer, H5Header } from './h5-frame.tsx';
import { h5LoginPath } from './h5-links.ts';
import '../features/exam/exam.css';
import './h5-exam.css';

export function loader(args: Route.LoaderArgs) {
  return loadPaper(args);
}

/** /h5/exam/view/:id — a paper on a phone: its facts and structure, and the way in (start, continue, or why not). */
export default function H5ExamView({ loaderData }: Route.ComponentProps) {
  const { paper, own } = loaderData;
  let action;
  if (!own) {
    action = (
      <Link className="h5-button h5-button--primary" to={h5LoginPath(`/h5/exam/view/${paper.id}`)}>
        登录后开始考试
      </Link>
    );
  } else if (own.recordId) {
    action = (
      <Link className="h5-button h5-button--primary" to={`/h5/exam/exam?recordId=${own.recordId}`}>
        继续考试
      </Link>
    );
  } else if (own.canStart === 1) {
    action = (
      <Link className="h5-button h5-button--primary" to={`/h5/exam/startExam?id=${paper.id}`}>
        {own.attemptCount > 0 ? '再考一次' : '开始考试'}
      </Link>
    );
  } else {
    action = (
      <span className="h5-button is-disabled" aria-disabled="true">
        {own.reason || '暂不能参加'}
      </span>
    );
  }
  return (
    <>
      <PageMeta
        title={paper.examName}
        description={`${paper.examName}：共 ${paper.problemCount} 题，满分 ${paper.totalScore} 分，答题时长 ${paper.answerTime} 分钟。`}
      />
      <H5Header title="试卷详情" />
      <section className="h5-section h5-paper">
        <h1>{paper.examName}</h1>
        <dl className="h5-paper__facts">
          <div>
            <dt>题目</dt>
            <dd>{paper.problemCount}</dd>
          </div>
          <div>
            <dt>满分</dt>
            <dd>{paper.totalScore}</dd>
          </div>
          <div>
            <dt>及格</dt>
            <dd>{paper.passScore}</dd>
          </div>
          <div>
            <dt>时长</dt>
            <dd>{paper.answerTime} 分钟</dd>
          </div>
        </dl>
        <p className="h5-muted">
          <PriceTag paper={paper} /> · {paper.studyCount} 人参加
          {own && own.attemptCount > 0 ? ` · 我已考 ${own.attemptCount} 次，最高 ${own.bestScore} 分` : ''}
        </p>
        <H5CollectButton
          initial={own?.isCollect === 1}
          signedIn={own !== null}
          here={`/h5/exam/view/${paper.id}`}
          change={(on) => collectPaper(paper.id, on)}
        />
      </section>
      <section className="h5-section" aria-labelledby="paper-outline">
        <h2 id="paper-outline" className="h5-section__title">
          试卷结构
        </h2>
        <ul className="h5-paper__outline">
          {paper.sections.map((s, i) => (
            <li key={i}>
              <span>{sectionTitle(i, s.titleName)}</span>
              <span className="h5-muted">
                {s.problemCount} 题 · {s.score} 分
              </span>
            </li>
          ))}
        </ul>
      </section>
      {paper.description ? (
        <section className="h5-section" aria-labelledby="paper-desc">
          <h2 id="paper-desc" className="h5-section__title">
            试卷说明
          </h2>
          <Stem html={paper.description} />
        </section>
      ) : null}
      <H5Footer />
      <div className="h5-actionbar">{action}</div>
    </>
  );
}

import { Link } from '../components/link.tsx';
import { RecordStatus, type TRecordSummary } from '#contract/exam-attempt.ts';
import type { Route } from './+types/my-examination.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { loadMyExaminations, RECORD_STATUS_TABS } from '../features/exam/my-exam-load.ts';
import { H5ChipNav } from './h5-chip.tsx';
import { H5Header } from './h5-frame.tsx';
import { explainPath } from './h5-links.ts';
import { H5Pager } from './h5-pager.tsx';
import './h5-lists.css';

export function loader(args: Route.LoaderArgs) {
  return loadMyExaminations(args, 10);
}

/** The score so far; pass or fail only once marking is over. */
function scoreOf(r: TRecordSummary): string {
  if (r.status === RecordStatus.IN_PROGRESS) return '未交卷';
  const score = `${r.totalScore} / ${r.paperTotalScore} 分`;
  return r.status === RecordStatus.MARKED ? `${score} · ${r.isPass ? '及格' : '不及格'}` : `${score}（主观题待批阅）`;
}

function AttemptRow({ r }: { r: TRecordSummary }) {
  return (
    <li className="h5-rows__item" data-testid={`record-${r.recordId}`}>
      <Link className="h5-rows__link" to={`/h5/exam/view/${r.examId}`}>
        <span className="h5-rows__title">{r.examName}</span>
        <span className="h5-muted">
          开始于 {r.startTime.slice(0, 16)}
          <span className="h5-tag">{r.statusName}</span>
        </span>
        <span className="h5-muted">成绩 {scoreOf(r)}</span>
      </Link>
      <div className="h5-rows__actions">
        {r.status === RecordStatus.IN_PROGRESS ? (
          <Link className="h5-button h5-button--primary" to={`/h5/exam/exam?recordId=${r.recordId}`}>
            继续考试
          </Link>
        ) : (
          <>
            <Link className="h5-button" to={`/h5/exam/result?recordId=${r.recordId}`}>
              成绩
            </Link>
            <Link className="h5-button" to={explainPath(r.recordId)}>
              解析
            </Link>
          </>
        )}
      </div>
    </li>
  );
}

/** /h5/account/exams/myExamination — every attempt: continue the one in progress, or read a result and its analysis. */
export default function H5MyExamination({ loaderData }: Route.ComponentProps) {
  const { status, page } = loaderData;
  return (
    <>
      <PageMeta title="考试记录" />
      <H5Header title="考试记录" />
      <h1 className="h5-visually-hidden">考试记录</h1>
      <H5ChipNav
        label="考试状态"
        options={RECORD_STATUS_TABS}
        on={status}
        hrefOf={(v) => (v ? `/h5/account/exams/myExamination?status=${v}` : '/h5/account/exams/myExamination')}
      />
      {page.list.length === 0 ? (
        <div className="h5-empty">
          <p>{status ? '没有这个状态的考试记录' : '还没有考试记录'}</p>
          <Link className="h5-button h5-button--primary" to="/h5/exam">
            去考试中心
          </Link>
        </div>
      ) : (
        <ul className="h5-rows" aria-label={`考试记录，共 ${page.totalCount} 条`}>
          {page.list.map((r) => (
            <AttemptRow key={r.recordId} r={r} />
          ))}
        </ul>
      )}
      <H5Pager page={page} />
    </>
  );
}

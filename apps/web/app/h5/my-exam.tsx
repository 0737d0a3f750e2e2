import { Link } from '../components/link.tsx';
import type { CallData } from '#contract/call.ts';
import { Limits } from '#contract/codes.ts';
import { RecordStatus, type userExamList } from '#contract/exam-attempt.ts';
import { collectionDelete } from '#contract/exam-practice.ts';
import type { Route } from './+types/my-exam.ts';
import { api } from '../api/client.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { RECORD_STATUS_NAME } from '../features/exam/format.ts';
import { loadMyExams, MY_EXAM_TABS } from '../features/exam/my-exam-load.ts';
import { useConfirmedRemove } from './confirm-remove.ts';
import { H5ChipNav } from './h5-chip.tsx';
import { H5Header } from './h5-frame.tsx';
import { H5Pager } from './h5-pager.tsx';
import { H5PaperRow } from './paper-row.tsx';
import { H5_EXAM_RECORDS } from '../features/exam/exam-paths.ts';
import './h5-lists.css';
import './h5-exam.css';

export function loader(args: Route.LoaderArgs) {
  return loadMyExams(args, 10);
}

type Taken = CallData<typeof userExamList>['list'][number];

function TakenRow({ p }: { p: Taken }) {
  return (
    <li className="h5-rows__item">
      <Link className="h5-rows__link" to={`/h5/exam/view/${p.examId}`}>
        <span className="h5-rows__title">{p.examName}</span>
        <span className="h5-muted">
          {p.attemptCount > 0
            ? `交卷 ${p.attemptCount} 次 · 最高分 ${p.bestScore} / ${p.paperTotalScore}`
            : `还没有交卷 · 满分 ${p.paperTotalScore}`}
        </span>
        <span className="h5-muted">
          最近一次 {p.lastTime.slice(0, 16)}
          <span className="h5-tag">{RECORD_STATUS_NAME[p.lastStatus]}</span>
        </span>
      </Link>
      <div className="h5-rows__actions">
        {p.lastStatus === RecordStatus.IN_PROGRESS ? (
          <Link className="h5-button h5-button--primary" to={`/h5/exam/exam?recordId=${p.lastRecordId}`}>
            继续考试
          </Link>
        ) : (
          <>
            <Link className="h5-button" to={`/h5/exam/result?recordId=${p.lastRecordId}`}>
              查看成绩
            </Link>
            <Link className="h5-button" to={`/h5/exam/startExam?id=${p.examId}`}>
              再考一次
            </Link>
          </>
        )}
      </div>
    </li>
  );
}

/** /h5/account/exams/myExam — the papers I have taken (attempts, best score, the last one) and those I collected. */
export default function H5MyExam({ loaderData }: Route.ComponentProps) {
  const { tab, taken, collected } = loaderData;
  const confirmRemove = useConfirmedRemove();
  const page = taken ?? collected!;
  const noun = MY_EXAM_TABS.find((t) => t.value === tab)!.label;
  const uncollect = (id: string, name: string) =>
    confirmRemove(
      { content: `取消收藏“${name}”？`, confirmText: '取消收藏', cancelText: '再想想' },
      () => api(collectionDelete, { collectionId: id, collectionType: Limits.collectionTypeExam }),
      '已取消收藏',
    );
  return (
    <>
      <PageMeta title="我的试卷" />
      <H5Header title="我的试卷" />
      <h1 className="h5-visually-hidden">我的试卷</h1>
      <H5ChipNav
        label="试卷类型"
        options={MY_EXAM_TABS}
        on={tab}
        hrefOf={(v) => (v === 'taken' ? '/h5/account/exams/myExam' : `/h5/account/exams/myExam?tab=${v}`)}
      />
      <div className="h5-pad">
        <Link className="h5-link" to={H5_EXAM_RECORDS}>
          全部考试记录<span aria-hidden="true"> ›</span>
        </Link>
      </div>
      {page.list.length === 0 ? (
        <div className="h5-empty">
          <p>{tab === 'taken' ? '还没有参加过考试' : '还没有收藏试卷'}</p>
          <Link className="h5-button h5-button--primary" to="/h5/exam">
            去考试中心
          </Link>
        </div>
      ) : taken ? (
        <ul className="h5-rows" aria-label={`${noun}，共 ${taken.totalCount} 份`}>
          {taken.list.map((p) => (
            <TakenRow key={p.examId} p={p} />
          ))}
        </ul>
      ) : (
        <ul className="h5-list h5-collected" aria-label={`${noun}，共 ${page.totalCount} 份`}>
          {collected!.list.map((p) => (
            <li key={p.id}>
              {p.isPutAway === 1 ? (
                <H5PaperRow paper={p} />
              ) : (
                <div className="h5-row">
                  <span className="h5-row__body">
                    <span className="h5-row__name">{p.examName}</span>
                  </span>
                </div>
              )}
              <div className="h5-collected__foot">
                <span className="h5-muted">
                  {p.isPutAway === 1 ? `收藏于 ${p.collectionTime.slice(0, 10)}` : '已下架'}
                </span>
                <button type="button" className="h5-button" onClick={() => void uncollect(p.id, p.examName)}>
                  取消收藏
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <H5Pager page={page} />
    </>
  );
}

import { Link } from '../components/link.tsx';
import type { TGradeExam } from '#contract/grade-exam.ts';
import { h5GradeAttemptUrl, h5GradeResultUrl } from '../features/grade/grade-exam-calls.ts';
import { GRADE_EXAM_GROUPS, gradeExamFacts } from '../features/grade/grade-exam-format.ts';
import { useBeginGradeExam } from '../features/grade/use-begin-grade-exam.ts';
import './h5-grade.css';

/** A class page's exams for its learners on a phone: open, upcoming and closed, each with 开始 / 继续 / 查看成绩. */
export function H5GradeExams({ exams }: { exams: TGradeExam[] }) {
  const { begin, pending, error } = useBeginGradeExam(h5GradeAttemptUrl);
  return (
    <section className="h5-section" aria-labelledby="grade-exams" data-testid="grade-exams">
      <h2 id="grade-exams">班级考试</h2>
      {error ? (
        <p className="h5-form__error" role="alert">
          {error}
        </p>
      ) : null}
      {exams.length === 0 ? <p className="h5-muted">班主任还没有布置考试</p> : null}
      {GRADE_EXAM_GROUPS.map((g) => {
        const list = exams.filter((e) => e.state === g.state);
        if (list.length === 0) return null;
        return (
          <div key={g.state}>
            <h3 className="h5-grade-exams__group">{g.title}</h3>
            <ul className="h5-grade-exams">
              {list.map((e) => (
                <li key={e.id} data-testid="grade-exam-item">
                  <span>
                    <strong>{e.examName}</strong>
                    {e.myCompensateStatus === 1 ? <span className="h5-tag">补考已开放</span> : null}
                  </span>
                  <span className="h5-muted">{gradeExamFacts(e)}</span>
                  {!e.myRecordId && !e.myCanBegin && e.myReason ? (
                    <span className="h5-muted" data-testid="grade-exam-reason">
                      {e.myReason}
                    </span>
                  ) : null}
                  <div className="h5-grade-exams__actions">
                    {e.myRecordId ? (
                      <Link className="h5-button h5-button--primary" to={h5GradeAttemptUrl(e.myRecordId, e.id)}>
                        继续考试
                      </Link>
                    ) : e.myCanBegin ? (
                      <button
                        type="button"
                        className="h5-button h5-button--primary"
                        disabled={pending}
                        onClick={() => void begin(e)}
                      >
                        {e.myAttemptCount > 0 ? '再考一次' : '开始考试'}
                      </button>
                    ) : null}
                    {e.myAttemptCount > 0 ? (
                      <Link className="h5-button" to={h5GradeResultUrl({ gradeExamId: e.id })}>
                        查看成绩
                      </Link>
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </section>
  );
}

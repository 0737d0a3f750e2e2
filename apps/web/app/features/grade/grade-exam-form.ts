import dayjs, { type Dayjs } from 'dayjs';
import type { TGradeExam, TGradeExamFields } from '#contract/grade-exam.ts';

const FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** The teacher's form for a class exam, as antd holds it. */
export interface ExamFormValues {
  examId?: string;
  window?: [Dayjs, Dayjs] | null;
  attemptLimit: number;
  isShowAnswer: boolean;
}

/** A new class exam opens at the next full hour for two hours; an edited one starts from what it is. */
export function examFormInitial(e: TGradeExam | null, now: Dayjs = dayjs()): ExamFormValues {
  if (e)
    return {
      examId: e.examId,
      window: [dayjs(e.beginTime), dayjs(e.endTime)],
      attemptLimit: e.attemptLimit,
      isShowAnswer: e.isShowAnswer === 1,
    };
  const begin = now.add(1, 'hour').startOf('hour');
  return { window: [begin, begin.add(2, 'hour')], attemptLimit: 1, isShowAnswer: false };
}

/** The call's body, or what the teacher must fix first (the server says the same, this says it sooner). */
export function examFormBody(
  gradeId: string,
  v: ExamFormValues,
): { body: TGradeExamFields; error?: undefined } | { error: string } {
  if (!v.examId) return { error: '请选择试卷' };
  if (!v.window?.[0] || !v.window[1]) return { error: '请选择开放时间' };
  const [begin, end] = v.window;
  if (!end.isAfter(begin)) return { error: '结束时间应晚于开始时间' };
  return {
    body: {
      gradeId,
      examId: v.examId,
      beginTime: begin.format(FORMAT),
      endTime: end.format(FORMAT),
      attemptLimit: v.attemptLimit,
      isShowAnswer: v.isShowAnswer ? 1 : 0,
    },
  };
}

/** The compensation's end: a time in the future, or why not. */
export function compensateEnd(
  until: Dayjs | null | undefined,
  now: Dayjs = dayjs(),
): { value: string } | { error: string } {
  if (!until) return { error: '请选择补考截止时间' };
  if (!until.isAfter(now)) return { error: '补考截止时间应晚于现在' };
  return { value: until.format(FORMAT) };
}

/** What the teacher's list says of attempts: handed in, and how many wait for them. */
export function attemptsText(e: Pick<TGradeExam, 'submittedCount' | 'waitMarkCount'>): string {
  return e.waitMarkCount > 0 ? `${e.submittedCount} 份（${e.waitMarkCount} 份待批阅）` : `${e.submittedCount} 份`;
}

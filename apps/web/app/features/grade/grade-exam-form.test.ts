import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { TGradeExam } from '#contract/grade-exam.ts';
import { attemptsText, compensateEnd, examFormBody, examFormInitial } from './grade-exam-form.ts';

const now = dayjs('2026-03-01 09:20:00');

describe('the teacher’s class exam form', () => {
  it('opens a new exam at the next full hour for two hours, once, answers hidden', () => {
    const v = examFormInitial(null, now);
    expect(v.window!.map((d) => d.format('YYYY-MM-DD HH:mm'))).toEqual(['2026-03-01 10:00', '2026-03-01 12:00']);
    expect(v).toMatchObject({ attemptLimit: 1, isShowAnswer: false });
    expect(v.examId).toBeUndefined();
  });

  it('starts an edit from the class exam as it is', () => {
    const e = {
      examId: '77',
      beginTime: '2026-03-02 08:00:00',
      endTime: '2026-03-02 10:30:00',
      attemptLimit: 3,
      isShowAnswer: 1,
    };
    const v = examFormInitial(e as TGradeExam, now);
    expect(v).toMatchObject({ examId: '77', attemptLimit: 3, isShowAnswer: true });
    expect(v.window![1].format('HH:mm')).toBe('10:30');
  });

  it('builds the call’s body in the server’s time format', () => {
    const v = { ...examFormInitial(null, now), examId: '5', isShowAnswer: true };
    expect(examFormBody('9', v)).toEqual({
      body: {
        gradeId: '9',
        examId: '5',
        beginTime: '2026-03-01 10:00:00',
        endTime: '2026-03-01 12:00:00',
        attemptLimit: 1,
        isShowAnswer: 1,
      },
    });
  });

  it('says what to fix before sending', () => {
    const base = examFormInitial(null, now);
    expect(examFormBody('9', base)).toEqual({ error: '请选择试卷' });
    expect(examFormBody('9', { ...base, examId: '5', window: null })).toEqual({ error: '请选择开放时间' });
    const backwards = [base.window![1], base.window![0]] as [dayjs.Dayjs, dayjs.Dayjs];
    expect(examFormBody('9', { ...base, examId: '5', window: backwards })).toEqual({ error: '结束时间应晚于开始时间' });
  });

  it('reopens for a member only until a time to come', () => {
    expect(compensateEnd(null, now)).toEqual({ error: '请选择补考截止时间' });
    expect(compensateEnd(now.subtract(1, 'minute'), now)).toEqual({ error: '补考截止时间应晚于现在' });
    expect(compensateEnd(now.add(1, 'day'), now)).toEqual({ value: '2026-03-02 09:20:00' });
  });

  it('counts handed-in attempts and those waiting for marking', () => {
    expect(attemptsText({ submittedCount: 4, waitMarkCount: 0 })).toBe('4 份');
    expect(attemptsText({ submittedCount: 4, waitMarkCount: 2 })).toBe('4 份（2 份待批阅）');
  });
});

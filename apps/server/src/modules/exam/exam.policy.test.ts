import { describe, expect, it } from 'vitest';
import {
  markableRecord,
  requireLecturer,
  ownedBy,
  mustOwnPeriodCourse,
  ownPaper,
  ownRecord,
  paperVisible,
  readableRecord,
  usableProblem,
} from './exam.policy.ts';
import type { UserService } from '../user/user.service.ts';

describe('who may do what in the exam domain', () => {
  it('keeps the question bank and papers for lecturers, with the one lecturers-only refusal', async () => {
    const users = (userType: number) => ({ brief: async () => ({ userType }) }) as unknown as UserService;
    await expect(requireLecturer(users(2), 10n, 1n)).resolves.toBeUndefined();
    await expect(requireLecturer(users(1), 10n, 1n)).rejects.toMatchObject({
      code: 999,
      message: '只有讲师可以使用此功能，请先申请成为讲师',
      data: { lecturerOnly: true },
    });
  });

  it('answers another lecturer’s problems, papers and answer sheets as missing', () => {
    const row = { lecturerUserId: 7n };
    expect(ownedBy(row, 7n, '题目')).toBe(row);
    expect(() => ownedBy(row, 8n, '题目')).toThrow('题目不存在，或不是您创建的');
    expect(() => ownPaper(row, 8n)).toThrow('试卷不存在，或不是您的试卷');
    expect(() => markableRecord(undefined, 7n)).toThrow('答卷不存在，或不是您试卷的答卷');
    expect(() => mustOwnPeriodCourse(row, 8n)).toThrow('只能给自己课程的课时添加练习');
    expect(usableProblem({ statusId: 1, lecturerUserId: 7n }, 7n)).toBe(true);
    expect(usableProblem({ statusId: 0, lecturerUserId: 7n }, 7n)).toBe(false);
    expect(usableProblem({ statusId: 1, lecturerUserId: 8n }, 7n)).toBe(false);
  });

  it('shows a paper off the shelf to its own lecturer only', () => {
    expect(() => paperVisible({ isPutAway: 1, lecturerUserId: 7n }, undefined)).not.toThrow();
    expect(() => paperVisible({ isPutAway: 0, lecturerUserId: 7n }, 7n)).not.toThrow();
    expect(() => paperVisible({ isPutAway: 0, lecturerUserId: 7n }, 8n)).toThrow('该试卷已下架');
    expect(() => paperVisible({ isPutAway: 0, lecturerUserId: 7n }, undefined)).toThrow('该试卷已下架');
  });

  it('lets a student at their own attempts, and the paper’s lecturer read them', () => {
    const rec = { userId: 5n, lecturerUserId: 7n };
    expect(ownRecord(rec, 5n)).toBe(rec);
    expect(() => ownRecord(rec, 7n)).toThrow('考试记录不存在');
    expect(readableRecord(rec, 7n)).toBe(rec);
    expect(() => readableRecord(rec, 9n)).toThrow('考试记录不存在');
  });
});

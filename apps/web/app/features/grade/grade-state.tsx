import { Tag } from 'antd';
import type { TGrade } from '#contract/grade.ts';

/** Where a class is in its life: not started, running, ended, or disbanded. */
export function gradeStateOf(g: Pick<TGrade, 'statusId' | 'isExpired' | 'beginTime'>, now = Date.now()) {
  if (g.statusId !== 1) return { label: '已解散', color: 'default' };
  if (g.isExpired) return { label: '已结束', color: 'default' };
  // the times are Shanghai's; compared as such
  if (new Date(`${g.beginTime.replace(' ', 'T')}+08:00`).getTime() > now) return { label: '未开始', color: 'blue' };
  return { label: '进行中', color: 'green' };
}

export function GradeState({ grade }: { grade: Pick<TGrade, 'statusId' | 'isExpired' | 'beginTime'> }) {
  const s = gradeStateOf(grade);
  return <Tag color={s.color}>{s.label}</Tag>;
}

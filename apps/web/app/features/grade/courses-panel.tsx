import { useState } from 'react';
import { Button, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useRevalidator } from 'react-router';
import { Link } from '../../components/link.tsx';
import { formatMoney } from '#contract/money.ts';
import { GRADE_LIMITS, gradeCourseSave, type TGrade, type TGradeCourse } from '#contract/grade.ts';
import { api } from '../../api/client.ts';
import { useAction } from '../account/use-action.ts';

export interface CoursesData {
  courses: TGradeCourse[];
  /** the teacher's published courses, any of which may join the class */
  mine: Array<{ id: string; courseName: string }>;
}

/** The class courses, which members study free while the class lasts: attach the teacher's own published courses. */
export function CoursesPanel({ grade, data }: { grade: TGrade; data: CoursesData }) {
  const revalidator = useRevalidator();
  const { run, pending } = useAction();
  const [picked, setPicked] = useState<string[]>([]);
  const attached = new Set(data.courses.map((c) => c.courseId));
  const choices = data.mine.filter((c) => !attached.has(c.id));

  async function save(courseIds: string[], success: string) {
    const r = await run(() => api(gradeCourseSave, { gradeId: grade.id, courseIds }), { toast: true, success });
    if (r === undefined) return;
    setPicked([]);
    await revalidator.revalidate();
  }
  const current = data.courses.map((c) => c.courseId);

  return (
    <>
      <div className="qk-grade-toolbar">
        <Space.Compact>
          <Select
            mode="multiple"
            value={picked}
            onChange={setPicked}
            placeholder={data.mine.length ? '选择我已发布的课程' : '您还没有已发布的课程'}
            aria-label="选择要加入班级的课程"
            style={{ width: 420 }}
            optionFilterProp="label"
            options={choices.map((c) => ({ value: c.id, label: c.courseName }))}
            notFoundContent={data.mine.length ? '已发布的课程都在班级里了' : '先在“点播课程”发布课程'}
          />
          <Button
            type="primary"
            disabled={!picked.length}
            loading={pending}
            onClick={() => void save([...current, ...picked], '课程已加入班级')}
          >
            加入班级
          </Button>
        </Space.Compact>
        <span className="qk-muted">
          已有 {data.courses.length} / {GRADE_LIMITS.maxCourses} 门
        </span>
      </div>
      <Table
        rowKey="courseId"
        dataSource={data.courses}
        pagination={false}
        locale={{ emptyText: '班级还没有课程：加入课程后，成员在班级期间可免费学习' }}
        columns={[
          {
            title: '课程',
            dataIndex: 'courseName',
            render: (name: string, c) => (
              <Link to={`/view/${c.courseId}`} target="_blank">
                {name}
              </Link>
            ),
          },
          { title: '课时', dataIndex: 'periodTotal', width: 90 },
          {
            title: '原价',
            dataIndex: 'coursePrice',
            width: 140,
            render: (p: number) => (p > 0 ? <Tag color="green">{formatMoney(p)}，班级内免费</Tag> : '免费'),
          },
          {
            title: '操作',
            width: 100,
            render: (_: unknown, c) => (
              <Popconfirm
                title={`从班级移除「${c.courseName}」？`}
                description="成员将立即不能再通过班级学习这门课程。"
                okText="移除"
                cancelText="取消"
                onConfirm={() =>
                  save(
                    current.filter((id) => id !== c.courseId),
                    '已从班级移除',
                  )
                }
              >
                <Button type="link" size="small" danger disabled={pending}>
                  移除
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </>
  );
}

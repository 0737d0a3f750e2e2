import { useState } from 'react';
import { Button, Descriptions, Space, Tabs } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate, useRevalidator } from 'react-router';
import { Link } from '../../components/link.tsx';
import type { TGrade } from '#contract/grade.ts';
import { Page } from '../../components/page.tsx';
import { GradeForm } from './grade-form.tsx';
import { GRADE_JOIN_RULES } from './grade-labels.ts';
import { GradeState } from './grade-state.tsx';
import { MANAGE_TABS } from './manage-tabs.tsx';

/** One class the teacher runs: what it is, and its tabs (MANAGE_TABS), the open one's data from the loader. */
export function GradeManage(props: {
  grade: TGrade;
  tab: string;
  data: unknown;
  subjects: ReadonlyArray<{ id: string; categoryName: string }>;
}) {
  const { grade: g, tab, data, subjects } = props;
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState(false);

  function open(key: string) {
    const next = new URLSearchParams({ id: g.id });
    if (key !== MANAGE_TABS[0]!.key) next.set('tab', key);
    void navigate(`?${next}`, { preventScrollReset: true });
  }

  return (
    <Page title={g.gradeName}>
      <div className="qk-grade-head">
        <Link to="/account/grades/teacher">
          <ArrowLeftOutlined /> 我教的班级
        </Link>
        <Space>
          <Link to={`/grade/view/${g.id}`} target="_blank">
            班级主页
          </Link>
          <Button onClick={() => setEditing(true)}>编辑班级</Button>
        </Space>
      </div>
      <Descriptions size="small" column={4} className="qk-grade-facts">
        <Descriptions.Item label="状态">
          <GradeState grade={g} />
        </Descriptions.Item>
        <Descriptions.Item label="成员">
          {g.studentCount}
          {g.capacity ? ` / ${g.capacity}` : ''} 人
        </Descriptions.Item>
        <Descriptions.Item label="起止">
          {g.beginTime.slice(0, 10)} 至 {g.endTime.slice(0, 10)}
        </Descriptions.Item>
        <Descriptions.Item label="加入方式">{GRADE_JOIN_RULES[g.joinRule]}</Descriptions.Item>
      </Descriptions>
      <Tabs
        activeKey={tab}
        onChange={open}
        items={MANAGE_TABS.map((t) => ({
          key: t.key,
          label: t.label(g),
          // only the open tab has its data: the others load when opened
          children: t.key === tab ? t.render(g, data) : null,
        }))}
      />
      {editing ? (
        <GradeForm
          grade={g}
          subjects={subjects}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            void revalidator.revalidate();
          }}
        />
      ) : null}
    </Page>
  );
}

import { useState } from 'react';
import 'virtual:antd-all.css';
import { Alert, Button, Card, Descriptions, Input, List, Space, Tag } from 'antd';
import { useRevalidator, useSearchParams } from 'react-router';
import { Link } from '../../components/link.tsx';
import { formatMoney } from '#contract/money.ts';
import { GradeRelation, JoinRule, gradeStudentJoin } from '#contract/grade.ts';
import type { Route } from './+types/view.ts';
import { api } from '../../api/client.ts';
import { Page } from '../../components/page.tsx';
import { useAction } from '../../features/account/use-action.ts';
import { loginUrl } from '../../lib/session.ts';
import { GRADE_JOIN_RULES } from '../../features/grade/grade-labels.ts';
import { loadGradeView } from '../../features/grade/grade-view-load.ts';
import { GradeExamsSection } from '../../features/grade/grade-exams-section.tsx';

export async function loader(args: Route.LoaderArgs) {
  return loadGradeView(args, args.params.id);
}

/** /grade/view/:id — a class: what it is, how to join (at once, by application or with the code), its courses for members. */
export default function GradeView({ loaderData }: Route.ComponentProps) {
  const { grade: g, courses, signedIn, exams, learner } = loaderData;
  const [params] = useSearchParams();
  const [code, setCode] = useState(params.get('code') ?? '');
  const [remark, setRemark] = useState('');
  const { run, pending, error } = useAction();
  const revalidator = useRevalidator();
  const member = g.myRole !== GradeRelation.NONE;

  async function join() {
    const r = await run(() => api(gradeStudentJoin, { gradeId: g.id, invitationCode: code, applyRemark: remark }), {
      success: undefined,
    });
    if (r) await revalidator.revalidate();
  }

  const here = `/grade/view/${g.id}${params.get('code') ? `?code=${params.get('code')}` : ''}`;
  return (
    <Page title={g.gradeName}>
      <Card>
        <Descriptions column={2}>
          <Descriptions.Item label="班主任">{g.lecturerName}</Descriptions.Item>
          <Descriptions.Item label="分类">{g.categoryName || '未分类'}</Descriptions.Item>
          <Descriptions.Item label="起止时间">
            {g.beginTime.slice(0, 10)} 至 {g.endTime.slice(0, 10)}
          </Descriptions.Item>
          <Descriptions.Item label="人数">
            {g.studentCount}
            {g.capacity ? ` / ${g.capacity}` : ''}
          </Descriptions.Item>
          <Descriptions.Item label="加入方式">{GRADE_JOIN_RULES[g.joinRule]}</Descriptions.Item>
          {g.invitationCode ? <Descriptions.Item label="邀请码">{g.invitationCode}</Descriptions.Item> : null}
        </Descriptions>
        {g.introduction ? <p className="qk-grade__intro">{g.introduction}</p> : null}
        {g.isExpired ? <Alert type="info" showIcon message="班级已结束" /> : null}
        {!member && !g.isExpired ? (
          !signedIn ? (
            <Link to={loginUrl(here)}>
              <Button type="primary">登录后加入班级</Button>
            </Link>
          ) : g.myApplyStatus === 1 ? (
            <Alert type="info" showIcon message="您的入班申请正在审核中，请耐心等待" />
          ) : (
            <Space direction="vertical" style={{ width: '100%', maxWidth: 420 }}>
              {g.joinRule !== JoinRule.OPEN ? (
                <Input
                  placeholder={g.joinRule === JoinRule.CODE ? '请输入邀请码' : '有邀请码可直接加入（选填）'}
                  value={code}
                  maxLength={20}
                  onChange={(e) => setCode(e.target.value)}
                  aria-label="邀请码"
                />
              ) : null}
              {g.joinRule === JoinRule.APPLY && !code ? (
                <Input.TextArea
                  placeholder="申请说明（选填）"
                  value={remark}
                  maxLength={200}
                  onChange={(e) => setRemark(e.target.value)}
                  aria-label="申请说明"
                />
              ) : null}
              {error ? <Alert type="error" showIcon message={error} /> : null}
              <Button type="primary" loading={pending} onClick={() => void join()}>
                {g.joinRule === JoinRule.APPLY && !code ? '申请加入' : '加入班级'}
              </Button>
            </Space>
          )
        ) : null}
      </Card>
      {member ? (
        <Card title="班级课程" style={{ marginTop: 16 }}>
          <List
            dataSource={courses}
            locale={{ emptyText: '班主任还没有添加课程' }}
            renderItem={(c) => (
              <List.Item
                actions={[
                  <Link key="study" to={`/view/${c.courseId}`}>
                    去学习
                  </Link>,
                ]}
              >
                <List.Item.Meta
                  title={<Link to={`/view/${c.courseId}`}>{c.courseName}</Link>}
                  description={
                    <>
                      {c.lecturerName} · 共 {c.periodTotal} 课时{' '}
                      {c.coursePrice > 0 ? <Tag color="green">班级免费 原价 {formatMoney(c.coursePrice)}</Tag> : null}
                    </>
                  }
                />
              </List.Item>
            )}
          />
        </Card>
      ) : null}
      {learner ? <GradeExamsSection exams={exams} /> : null}
    </Page>
  );
}

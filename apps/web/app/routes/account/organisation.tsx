import { useState } from 'react';
import { Button, Segmented, Statistic, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { useRevalidator, useSearchParams } from 'react-router';
import { Link } from '../../components/link.tsx';
import {
  orgCentreView,
  orgCoursePage,
  orgExamPage,
  orgGradePage,
  orgLecturerPage,
  orgSalePage,
} from '#contract/organisation.ts';
import { UserType } from '#contract/user.ts';
import type { Route } from './+types/organisation.ts';
import { Page } from '../../components/page.tsx';
import { pageFromUrl, useQueryParam } from '../../features/account/page-query.ts';
import { yuan } from '../../features/course/course-format.ts';
import { courseColumns, examColumns, gradeColumns, saleColumns } from '../../features/organisation/org-columns.tsx';
import { OrgLecturers } from '../../features/organisation/org-lecturers.tsx';
import { OrgProfileForm } from '../../features/organisation/org-profile-form.tsx';
import { refusalResponse } from '../../lib/page-refusal.ts';
import { pageLoad, requireUser } from '../../lib/session-load.ts';

const TABS = [
  { value: 'overview', label: '机构概况' },
  { value: 'lecturers', label: '机构讲师' },
  { value: 'courses', label: '课程' },
  { value: 'grades', label: '班级' },
  { value: 'exams', label: '考试' },
  { value: 'sales', label: '销售' },
] as const;
type Tab = (typeof TABS)[number]['value'];
const LISTS = { courses: orgCoursePage, grades: orgGradePage, exams: orgExamPage, sales: orgSalePage } as const;
const PAGE_SIZE = 20;

export const meta: Route.MetaFunction = () => [{ title: '机构中心' }, { name: 'robots', content: 'noindex' }];

export async function loader(args: Route.LoaderArgs) {
  const user = await requireUser(args);
  if (user.userType !== UserType.ORGANISATION)
    throw refusalResponse({ refusal: 'refused', msg: '机构中心仅对机构账号开放' });
  const asked = new URL(args.request.url).searchParams.get('tab');
  const tab: Tab = TABS.some((t) => t.value === asked) ? (asked as Tab) : 'overview';
  const q = { pageCurrent: pageFromUrl(args.request), pageSize: PAGE_SIZE };
  const centre = await pageLoad(args, orgCentreView);
  if (tab === 'lecturers') return { tab, centre, lecturers: await pageLoad(args, orgLecturerPage, q) };
  if (tab === 'overview') return { tab, centre };
  return { tab, centre, list: await pageLoad(args, LISTS[tab], q) };
}

function Overview({ centre }: { centre: Route.ComponentProps['loaderData']['centre'] }) {
  const [editing, setEditing] = useState(false);
  const revalidator = useRevalidator();
  return (
    <>
      <section className="qk-card">
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(6, 1fr)', gap: 16 }}>
          <Statistic title="讲师" value={centre.lecturerCount} />
          <Statistic title="待接受邀请" value={centre.invitedCount} />
          <Statistic title="课程" value={centre.courseCount} />
          <Statistic title="班级" value={centre.gradeCount} />
          <Statistic title="试卷" value={centre.examCount} />
          <Statistic title={`销售额（${centre.orderCount} 单）`} value={yuan(centre.salesAmount)} />
        </div>
      </section>
      <section className="qk-card">
        <h2 className="qk-card__title">
          机构主页
          <span className="qk-card__actions">
            <Link to={`/schoolProfile/${centre.profile.id}`} target="_blank">
              查看机构主页
            </Link>
            {!editing ? (
              <Button size="small" onClick={() => setEditing(true)}>
                编辑资料
              </Button>
            ) : null}
          </span>
        </h2>
        {editing ? (
          <OrgProfileForm
            profile={centre.profile}
            onDone={() => {
              setEditing(false);
              void revalidator.revalidate();
            }}
          />
        ) : (
          <dl className="qk-facts">
            <dt>机构名称</dt>
            <dd>{centre.profile.orgName}</dd>
            <dt>一句话简介</dt>
            <dd>{centre.profile.summary || '—'}</dd>
          </dl>
        )}
      </section>
    </>
  );
}

/** /account/organisation — the organisation centre (spec §2: organisation users' extra link). */
export default function OrganisationCentre({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const setParam = useQueryParam();
  const { tab, centre } = loaderData;
  const list = 'list' in loaderData ? loaderData.list : null;
  const columns = { courses: courseColumns, grades: gradeColumns, exams: examColumns, sales: saleColumns };
  return (
    <Page title="机构中心">
      <Segmented
        value={tab}
        options={TABS.map((t) => ({ value: t.value, label: t.label }))}
        onChange={(v) => setParam('tab', v === 'overview' ? null : String(v))}
        style={{ marginBottom: 16 }}
      />
      {tab === 'overview' ? <Overview centre={centre} /> : null}
      {'lecturers' in loaderData && loaderData.lecturers ? (
        <OrgLecturers page={loaderData.lecturers} onPage={(n) => setParam('page', n)} />
      ) : null}
      {list && tab !== 'overview' && tab !== 'lecturers' ? (
        <section className="qk-card" aria-label={TABS.find((t) => t.value === tab)?.label}>
          {tab === 'sales' ? (
            <p className="qk-muted">机构讲师加入机构之后售出的课程；退款订单显示为已退款，不计入销售额。</p>
          ) : null}
          <Table
            rowKey={(r: { id?: string; orderNo?: string }) => r.id ?? r.orderNo ?? ''}
            dataSource={list.list as object[]}
            columns={columns[tab] as TableColumnsType<object>}
            locale={{ emptyText: '暂无内容' }}
            pagination={{
              current: list.pageCurrent,
              pageSize: list.pageSize,
              total: list.totalCount,
              hideOnSinglePage: true,
              onChange: (n) => setParam('page', n),
            }}
          />
        </section>
      ) : null}
      {params.get('tab') === null && centre.lecturerCount === 0 ? (
        <p className="qk-muted">还没有讲师加入机构：到“机构讲师”中按手机号邀请讲师。</p>
      ) : null}
    </Page>
  );
}

import { Alert, Button, Form, Typography } from 'antd';
import { useEffect, useState } from 'react';
import type { CallData } from '#contract/call.ts';
import { categoryListForSite } from '#contract/course.ts';
import { adminCourseAudit, adminCourseAuditPage, adminCourseAuditView } from '#contract/studio-admin.ts';
import { CourseAuditStatus } from '#contract/studio.ts';
import { api } from '../../api/client.ts';
import { adminLoad } from '../../features/admin/admin-loader.ts';
import { AuditDecision, auditDefaults } from '../../features/admin/audit-decision.tsx';
import { FormModal } from '../../features/admin/form-modal.tsx';
import { pageQueryFrom } from '../../features/admin/page-query.ts';
import { PagedList, type Filter } from '../../features/admin/paged-list.tsx';
import { StatusBadge, type StatusOption } from '../../features/admin/status-badge.tsx';
import { useAdminAction } from '../../features/admin/use-admin-action.ts';
import { CourseAdminTabs, useGrantForm } from '../../features/course/course-admin-tabs.tsx';
import { AuditChanges, categoryNamesOf } from '../../features/studio/audit-changes.tsx';
import { priceText } from '../../features/studio/studio-format.ts';
import { studioKindOf } from '../../features/studio/studio-kind.ts';
import type { Route } from './+types/course-audits.ts';
import '../../features/studio/studio.css';
import { FetchSpin } from '../../components/fetch-spin.tsx';
import { ReviewVideos } from '../../features/admin/review-videos.tsx';

export const meta: Route.MetaFunction = () => [{ title: '课程审核 · 青课管理后台' }];

export async function loader(args: Route.LoaderArgs) {
  const [page, ...trees] = await Promise.all([
    adminLoad(args, adminCourseAuditPage, pageQueryFrom(args.request, adminCourseAuditPage)),
    ...([1, 2, 3] as const).map((categoryType) => adminLoad(args, categoryListForSite, { categoryType })),
  ]);
  return { page, categoryNames: categoryNamesOf(trees) };
}

type Row = CallData<typeof adminCourseAuditPage>['list'][number];

const statuses: StatusOption[] = [
  { value: CourseAuditStatus.PENDING, label: '待审核', status: 'warning' },
  { value: CourseAuditStatus.APPROVED, label: '已通过', status: 'success' },
  { value: CourseAuditStatus.REJECTED, label: '未通过', status: 'error' },
  { value: CourseAuditStatus.EDITING, label: '编辑中', status: 'default' },
];
const filters: Filter[] = [
  { kind: 'select', name: 'auditStatus', label: '状态', options: statuses },
  { kind: 'text', name: 'courseName', label: '课程名称', maxLength: 100 },
];

/** The change view, loaded when the administrator opens a draft. */
function DraftChanges({ id, categoryNames }: { id: string; categoryNames: Record<string, string> }) {
  const [diff, setDiff] = useState<CallData<typeof adminCourseAuditView> | null>(null);
  const { run, error } = useAdminAction();
  useEffect(() => {
    void run(() => api(adminCourseAuditView, { id })).then((d) => d && setDiff(d));
  }, [id, run]);
  if (error) return <Alert type="error" showIcon title={error} />;
  if (!diff) return <FetchSpin />;
  return (
    <div className="qk-studio-audit-body">
      <AuditChanges diff={diff} categoryNames={categoryNames} />
      <ReviewVideos draft={diff.draft} />
    </div>
  );
}

function AuditModal({
  row,
  categoryNames,
  onClose,
}: {
  row: Row | null;
  categoryNames: Record<string, string>;
  onClose: () => void;
}) {
  const [form] = Form.useForm();
  const pending = row?.auditStatus === CourseAuditStatus.PENDING;
  return (
    <FormModal
      title={pending ? `审核课程：${row?.courseName ?? ''}` : `课程：${row?.courseName ?? ''}`}
      open={row !== null}
      onClose={onClose}
      call={adminCourseAudit}
      form={form}
      toBody={(v) => ({ ...v, id: row?.id })}
      initialValues={auditDefaults}
      okText="提交审核结果"
      success="审核完成，已通知讲师"
      readOnly={!pending}
      width={980}
    >
      {row ? <DraftChanges id={row.id} categoryNames={categoryNames} /> : null}
      <AuditDecision
        pending={pending}
        opinion={row?.auditOpinion}
        approveLabel="通过并发布"
        extra="通过即发布：课程、章节、课时和附件一并生效；无论结果如何，讲师都会收到站内消息。"
        rejectHint="请填写不通过的原因，讲师会据此修改"
        rejectExample="如：第二章第 3 课时视频无声音，请重新上传"
      />
    </FormModal>
  );
}

/** /admin/course-audits — drafts lecturers submitted: what approval would change, then approve or reject. */
export default function AdminCourseAudits({ loaderData }: Route.ComponentProps) {
  const [viewing, setViewing] = useState<Row | null>(null);
  const grant = useGrantForm();
  return (
    <>
      <CourseAdminTabs onGrant={() => grant.open(null)} />
      <PagedList<Row>
        title="课程审核"
        noun="课程"
        page={loaderData.page}
        filters={filters}
        description="讲师提交审核的课程、资源和文库，先提交的排在前面。打开后可以看到与已发布版本相比改了什么（新课程全部为新增）；通过即发布，讲师之后的修改需要再次审核。"
        columns={[
          {
            title: '课程',
            dataIndex: 'courseName',
            render: (v: string, r: Row) => (
              <div>
                <div>{v}</div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {studioKindOf(r.courseType).noun} · {priceText(r)} · {r.periodTotal} 个课时 ·{' '}
                  {r.isPublished ? '修改已发布的课程' : '新课程'}
                </Typography.Text>
              </div>
            ),
          },
          { title: '讲师', dataIndex: 'lecturerName', width: 140 },
          {
            title: '状态',
            dataIndex: 'auditStatus',
            width: 90,
            render: (v: number) => <StatusBadge options={statuses} value={v} />,
          },
          { title: '提交时间', dataIndex: 'submitTime', width: 170 },
          {
            title: '操作',
            key: 'actions',
            width: 100,
            fixed: 'right',
            render: (_: unknown, r: Row) =>
              r.auditStatus === CourseAuditStatus.PENDING ? (
                <Button type="primary" size="small" onClick={() => setViewing(r)}>
                  审核
                </Button>
              ) : (
                <Button type="link" size="small" onClick={() => setViewing(r)}>
                  查看
                </Button>
              ),
          },
        ]}
      />
      <AuditModal row={viewing} categoryNames={loaderData.categoryNames} onClose={() => setViewing(null)} />
      {grant.modal}
    </>
  );
}

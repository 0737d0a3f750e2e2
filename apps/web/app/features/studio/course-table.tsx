import { Button, Popconfirm, Space, Table, Tag, Tooltip } from 'antd';
import { useRevalidator } from 'react-router';
import { Link } from '../../components/link.tsx';
import {
  courseAuditDelete,
  courseAuditStand,
  courseAuditSubmit,
  CourseAuditStatus,
  type TCourseAuditBrief,
} from '#contract/studio.ts';
import { api } from '../../api/client.ts';
import { useAction } from '../account/use-action.ts';
import { AUDIT_COLOR, priceText } from './studio-format.ts';
import { studioPaths, type StudioKind } from './studio-kind.ts';

/** A draft that can be sent: being edited or turned down. */
export const canSubmit = (c: { auditStatus: number }) =>
  c.auditStatus === CourseAuditStatus.EDITING || c.auditStatus === CourseAuditStatus.REJECTED;

function AuditCell({ c }: { c: TCourseAuditBrief }) {
  return (
    <Space orientation="vertical" size={2}>
      <Tag color={AUDIT_COLOR[c.auditStatus]}>{c.auditStatusName}</Tag>
      {c.auditStatus === CourseAuditStatus.REJECTED && c.auditOpinion ? (
        <Tooltip title={c.auditOpinion}>
          <span className="qk-studio-opinion">意见：{c.auditOpinion}</span>
        </Tooltip>
      ) : null}
    </Space>
  );
}

function ShelfCell({ c }: { c: TCourseAuditBrief }) {
  if (!c.isPublished) return <span className="qk-muted">未发布</span>;
  return c.isPutaway ? <Tag color="green">已上架</Tag> : <Tag>已下架</Tag>;
}

/** The lecturer's drafts of one kind, each with what can be done to it now. */
export function CourseTable({ kind, list }: { kind: StudioKind; list: TCourseAuditBrief[] }) {
  const revalidator = useRevalidator();
  const { run, pending } = useAction();
  const act = async (fn: () => Promise<unknown>, success: string) => {
    if ((await run(fn, { toast: true, success })) !== undefined) await revalidator.revalidate();
  };
  return (
    <Table<TCourseAuditBrief>
      rowKey="id"
      dataSource={list}
      pagination={false}
      loading={pending}
      columns={[
        {
          title: kind.noun,
          dataIndex: 'courseName',
          render: (name: string, c) => (
            <div className="qk-studio-course">
              {c.courseLogo ? <img src={c.courseLogo} alt="" /> : <span className="qk-studio-course__blank" />}
              <div>
                <Link to={studioPaths.outline(c.courseType, c.id)} className="qk-studio-course__name">
                  {name}
                </Link>
                <div className="qk-muted qk-studio-course__meta">
                  {priceText(c)} · {c.periodTotal} 个{kind.periodNoun} · 修改于 {c.gmtModified.slice(0, 16)}
                </div>
              </div>
            </div>
          ),
        },
        { title: '审核状态', dataIndex: 'auditStatus', width: 150, render: (_: number, c) => <AuditCell c={c} /> },
        { title: '上架', key: 'shelf', width: 80, render: (_: unknown, c) => <ShelfCell c={c} /> },
        {
          title: '操作',
          key: 'op',
          width: 300,
          render: (_: unknown, c) => (
            <Space wrap size={6}>
              <Link to={studioPaths.edit(c.courseType, c.id)}>
                <Button size="small">编辑</Button>
              </Link>
              <Link to={studioPaths.outline(c.courseType, c.id)}>
                <Button size="small">{kind.content === 'live' ? '直播课时' : '章节'}</Button>
              </Link>
              <a href={studioPaths.preview(c.id)} target="_blank" rel="noopener noreferrer">
                <Button size="small">预览</Button>
              </a>
              {canSubmit(c) ? (
                <Popconfirm
                  title={c.isPublished ? '提交审核？通过后新版本替换学员看到的内容' : '提交审核？审核通过后即发布'}
                  description={<Link to={studioPaths.check(c.id)}>先核对将提交的变更</Link>}
                  okText="提交"
                  cancelText="取消"
                  onConfirm={() => act(() => api(courseAuditSubmit, { id: c.id }), '已提交审核，请等待平台审核')}
                >
                  <Button size="small" type="primary">
                    提交审核
                  </Button>
                </Popconfirm>
              ) : (
                <Link to={studioPaths.check(c.id)}>
                  <Button size="small">审核详情</Button>
                </Link>
              )}
              {c.isPublished ? (
                <Button
                  size="small"
                  onClick={() =>
                    act(
                      () => api(courseAuditStand, { id: c.id, isPutaway: c.isPutaway ? 0 : 1 }),
                      c.isPutaway ? '已下架' : '已上架',
                    )
                  }
                >
                  {c.isPutaway ? '下架' : '上架'}
                </Button>
              ) : (
                <Popconfirm
                  title="删除这个草稿？章节、课时和附件会一并删除"
                  okText="删除"
                  okButtonProps={{ danger: true }}
                  cancelText="取消"
                  onConfirm={() => act(() => api(courseAuditDelete, { id: c.id }), '已删除')}
                >
                  <Button size="small" danger>
                    删除
                  </Button>
                </Popconfirm>
              )}
            </Space>
          ),
        },
      ]}
    />
  );
}

import { Alert, Button, Card, Space, Tag } from 'antd';
import type { ReactNode } from 'react';
import { Link } from '../../components/link.tsx';
import { CourseAuditStatus, type TCourseAuditView } from '#contract/studio.ts';
import { AUDIT_COLOR, priceText } from './studio-format.ts';
import { studioKindOf, studioPaths } from './studio-kind.ts';

/** What the audit state means for the next edit. */
function auditNote(c: TCourseAuditView): ReactNode {
  if (c.auditStatus === CourseAuditStatus.PENDING)
    return <Alert type="info" showIcon title="已提交审核。现在修改会撤回这次申请，改完需要重新提交。" />;
  if (c.auditStatus === CourseAuditStatus.REJECTED && c.auditOpinion)
    return (
      <Alert type="error" showIcon title={`审核未通过：${c.auditOpinion}`} description="按意见修改后，重新提交审核。" />
    );
  if (c.isPublished && c.auditStatus === CourseAuditStatus.EDITING)
    return (
      <Alert
        type="warning"
        showIcon
        title="有未提交的修改：学员看到的仍是上次审核通过的版本，提交并通过审核后才会更新。"
      />
    );
  return null;
}

/** The draft being worked on: name, state and the ways to its other pages; `extra` adds this page's own buttons. */
export function CourseHead({
  course,
  current,
  extra,
}: {
  course: TCourseAuditView;
  current: 'edit' | 'outline' | 'check';
  extra?: ReactNode;
}) {
  const kind = studioKindOf(course.courseType);
  const note = auditNote(course);
  return (
    <Card size="small" className="qk-studio-head">
      <div className="qk-studio-head__row">
        <Space wrap size={8}>
          <strong className="qk-studio-head__name">{course.courseName}</strong>
          <Tag color={AUDIT_COLOR[course.auditStatus]}>{course.auditStatusName}</Tag>
          {course.isPublished ? (
            <Tag color={course.isPutaway ? 'green' : 'default'}>{course.isPutaway ? '已上架' : '已下架'}</Tag>
          ) : (
            <Tag>未发布</Tag>
          )}
          <span className="qk-muted">
            {kind.noun} · {priceText(course)} · {course.periodTotal} 个{kind.periodNoun}
          </span>
        </Space>
        <Space wrap size={6} className="qk-studio-head__actions">
          {current !== 'edit' ? (
            <Link to={studioPaths.edit(course.courseType, course.id)}>
              <Button>编辑信息</Button>
            </Link>
          ) : null}
          {current !== 'outline' && kind.content !== 'live' ? (
            <Link to={studioPaths.outline(course.courseType, course.id)}>
              <Button>章节与{kind.periodNoun}</Button>
            </Link>
          ) : null}
          <a href={studioPaths.preview(course.id)} target="_blank" rel="noopener noreferrer">
            <Button>预览</Button>
          </a>
          {current !== 'check' ? (
            <Link to={studioPaths.check(course.id)}>
              <Button type="primary">核对并提交审核</Button>
            </Link>
          ) : null}
          {extra}
          <Link to={studioPaths.list(course.courseType)}>
            <Button>返回列表</Button>
          </Link>
        </Space>
      </div>
      {note ? <div className="qk-studio-head__note">{note}</div> : null}
    </Card>
  );
}

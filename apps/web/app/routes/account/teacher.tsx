import { useState } from 'react';
import { Avatar, Button, Result } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useRevalidator } from 'react-router';
import { Link } from '../../components/link.tsx';
import {
  AuditStatus,
  lecturerAuditUpdate,
  lecturerAuditView,
  lecturerSelfView,
  type TLecturerAudit,
  type TLecturerSelf,
} from '#contract/lecturer.ts';
import { orgInviteList } from '#contract/organisation.ts';
import { UserType } from '#contract/user.ts';
import type { Route } from './+types/teacher.ts';
import { api } from '../../api/client.ts';
import { Page } from '../../components/page.tsx';
import { useAccountUser } from '../../features/account/account-user.ts';
import { LecturerForm } from '../../features/account/lecturer-form.tsx';
import { LecturerAuditStatus } from '../../features/account/lecturer-status.tsx';
import { LiveApply } from '../../features/account/live-apply.tsx';
import { OrgInvites } from '../../features/organisation/org-invites.tsx';
import { pageLoad, pageLoadOrNull } from '../../lib/session-load.ts';

export async function loader(args: Route.LoaderArgs) {
  const [audit, lecturer, invites] = await Promise.all([
    pageLoad(args, lecturerAuditView),
    pageLoadOrNull(args, lecturerSelfView),
    pageLoad(args, orgInviteList),
  ]);
  return { audit, lecturer, invites };
}

function LecturerProfile({ lecturer, audit }: { lecturer: TLecturerSelf; audit: TLecturerAudit | null }) {
  const [editing, setEditing] = useState(false);
  const revalidator = useRevalidator();
  // a pending or refused edit is the newest version the lecturer wrote; the public page keeps the approved one
  const draft = audit && audit.auditStatus !== AuditStatus.APPROVED ? audit : null;
  return (
    <>
      {draft ? <LecturerAuditStatus audit={draft} /> : null}
      <section className="qk-card">
        <h2 className="qk-card__title">
          讲师资料
          {!editing ? (
            <span className="qk-card__actions">
              <Link to={`/lecturer/${lecturer.id}`} target="_blank">
                查看讲师主页
              </Link>
              <Button size="small" onClick={() => setEditing(true)}>
                编辑资料
              </Button>
            </span>
          ) : null}
        </h2>
        {editing ? (
          <LecturerForm
            initial={draft ?? lecturer}
            submitText="提交审核"
            success="资料已提交，审核通过后更新到讲师主页"
            onSubmit={(values) => api(lecturerAuditUpdate, values)}
            onDone={() => {
              setEditing(false);
              void revalidator.revalidate();
            }}
          />
        ) : (
          <div className="qk-lecturer-self">
            <Avatar
              src={lecturer.headImgUrl || undefined}
              icon={<UserOutlined />}
              size={96}
              alt={lecturer.lecturerName}
            />
            <dl className="qk-facts">
              <dt>讲师名称</dt>
              <dd>{lecturer.lecturerName}</dd>
              <dt>讲师职位</dt>
              <dd>{lecturer.position || '—'}</dd>
              <dt>联系手机</dt>
              <dd>{lecturer.lecturerMobile || '—'}</dd>
              <dt>联系邮箱</dt>
              <dd>{lecturer.lecturerEmail || '—'}</dd>
              <dt>关注人数</dt>
              <dd>{lecturer.attentionCount}</dd>
              <dt>讲师简介</dt>
              <dd className="qk-pre">{lecturer.introduce || '—'}</dd>
            </dl>
          </div>
        )}
      </section>
      <LiveApply lecturer={lecturer} />
    </>
  );
}

/** /account/teacher — lecturer info for lecturers (edits go to audit, live permission); the application otherwise. */
export default function AccountTeacher({ loaderData }: Route.ComponentProps) {
  const user = useAccountUser();
  const { audit, lecturer } = loaderData;
  if (lecturer) {
    return (
      <Page title="讲师信息">
        <LecturerProfile lecturer={lecturer} audit={audit} />
        <OrgInvites invites={loaderData.invites} />
      </Page>
    );
  }
  if (user.userType === UserType.ORGANISATION) {
    return (
      <Page title="机构中心">
        <Result
          status="info"
          title="机构账号无需申请成为讲师"
          subTitle="在机构中心按手机号邀请讲师加入，即可查看讲师的课程、班级、考试和销售。"
          extra={
            <Link to="/account/organisation">
              <Button type="primary">进入机构中心</Button>
            </Link>
          }
        />
      </Page>
    );
  }
  return (
    <Page title="讲师入驻">
      {audit ? <LecturerAuditStatus audit={audit} /> : null}
      <Result
        icon={null}
        title={audit ? (audit.auditStatus === AuditStatus.REJECTED ? '申请未通过' : '申请已提交') : '您还不是讲师'}
        subTitle={
          audit ? `申请的讲师名称：${audit.lecturerName}` : '入驻成为讲师后，可以开设课程、管理试卷和申请直播。'
        }
        extra={
          !audit || audit.auditStatus === AuditStatus.REJECTED ? (
            <Link to="/apply">
              <Button type="primary">{audit ? '修改后重新申请' : '申请成为讲师'}</Button>
            </Link>
          ) : null
        }
      />
    </Page>
  );
}

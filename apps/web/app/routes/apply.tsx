import { Button, Result } from 'antd';
import { useRevalidator } from 'react-router';
import { Link } from '../components/link.tsx';
import { UserType } from '#contract/user.ts';
import { AuditStatus, lecturerAuditApply, type TLecturerAudit } from '#contract/lecturer.ts';
import type { Route } from './+types/apply.ts';
import { api } from '../api/client.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { loadApplication } from '../features/account/apply-load.ts';
import { LecturerForm } from '../features/account/lecturer-form.tsx';
import { LecturerAuditStatus } from '../features/account/lecturer-status.tsx';
import { useSite } from '../lib/root-data.ts';
import { loginUrl } from '../lib/session.ts';

export function loader(args: Route.LoaderArgs) {
  return loadApplication(args);
}

function Body({ audit }: { audit: TLecturerAudit | null }) {
  const { user } = useSite();
  const revalidator = useRevalidator();
  if (!user) {
    return (
      <Result
        icon={null}
        title="成为青课讲师"
        subTitle="分享您的专业知识，开设录播与直播课程。登录后即可填写入驻申请。"
        extra={[
          <Link key="login" to={loginUrl('/apply')}>
            <Button type="primary">登录后申请</Button>
          </Link>,
          <Link key="register" to="/register?redirect=%2Fapply">
            <Button>注册账号</Button>
          </Link>,
        ]}
      />
    );
  }
  if (user.userType === UserType.ORGANISATION)
    return (
      <Result
        status="info"
        title="机构账号无需申请成为讲师"
        subTitle="在机构中心按手机号邀请讲师加入，即可管理机构讲师，查看他们的课程、班级、考试和销售。"
        extra={
          <Link to="/account/organisation">
            <Button type="primary">进入机构中心</Button>
          </Link>
        }
      />
    );
  if (user.userType === UserType.LECTURER || audit?.auditStatus === AuditStatus.APPROVED) {
    return (
      <Result
        status="success"
        title="您已是本站讲师"
        extra={
          <Link to="/account/teacher">
            <Button type="primary">查看讲师信息</Button>
          </Link>
        }
      />
    );
  }
  if (audit?.auditStatus === AuditStatus.PENDING) {
    return (
      <>
        <LecturerAuditStatus audit={audit} />
        <dl className="qk-facts">
          <dt>讲师名称</dt>
          <dd>{audit.lecturerName}</dd>
          <dt>讲师职位</dt>
          <dd>{audit.position}</dd>
          <dt>讲师简介</dt>
          <dd>{audit.introduce}</dd>
        </dl>
      </>
    );
  }
  return (
    <>
      {audit ? <LecturerAuditStatus audit={audit} /> : null}
      <LecturerForm
        initial={audit ?? { lecturerName: user.nickname }}
        submitText={audit ? '重新提交申请' : '提交申请'}
        success="申请已提交，请等待审核"
        onSubmit={(values) => api(lecturerAuditApply, values)}
        onDone={() => void revalidator.revalidate()}
      />
    </>
  );
}

/** /apply — the lecturer application: the form, or where the application stands (spec §2 default layout). */
export default function ApplyPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="qk-login__card qk-login__card--wide">
      <PageMeta title="讲师入驻" />
      <h1>讲师入驻申请</h1>
      <Body audit={loaderData.audit} />
    </div>
  );
}

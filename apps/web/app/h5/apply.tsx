import { Link } from '../components/link.tsx';
import { AuditStatus, lecturerAuditApply, type TLecturerAudit } from '#contract/lecturer.ts';
import { UserType } from '#contract/user.ts';
import type { Route } from './+types/apply.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { loadApplication } from '../features/account/apply-load.ts';
import { auditStatusWords } from '../features/account/lecturer-status-words.ts';
import { useSite } from '../lib/root-data.ts';
import { Field, FormSubmit, TextareaField } from './form-parts.tsx';
import { H5Header } from './h5-frame.tsx';
import { h5LoginPath } from './h5-links.ts';
import { PictureField } from './picture-field.tsx';
import { useCallForm } from './use-call-form.ts';
import './h5-lists.css';
import './h5-pages.css';

export function loader(args: Route.LoaderArgs) {
  return loadApplication(args);
}

function Status({ audit }: { audit: TLecturerAudit }) {
  const w = auditStatusWords(audit);
  return (
    <div className={`h5-apply__status is-${w.kind}`} role="status">
      <strong>{w.title}</strong>
      <p>{w.text}</p>
    </div>
  );
}

/** The application on a phone, on the contract's rules as the PC form: name, position, picture, contacts, introduction. */
function ApplyForm({ audit, nickname }: { audit: TLecturerAudit | null; nickname: string }) {
  const { v, errors, set, bindPicture, pending, error, submit } = useCallForm(
    lecturerAuditApply,
    {
      lecturerName: audit?.lecturerName ?? nickname,
      position: audit?.position ?? '',
      headImgUrl: audit?.headImgUrl ?? '',
      lecturerMobile: audit?.lecturerMobile ?? '',
      lecturerEmail: audit?.lecturerEmail ?? '',
      introduce: audit?.introduce ?? '',
    },
    '申请已提交，请等待审核',
  );

  return (
    <form className="h5-pages__form h5-apply" onSubmit={(e) => void submit(e)} aria-label="讲师入驻申请" noValidate>
      <Field
        name="lecturerName"
        label="讲师名称"
        value={v.lecturerName}
        onChange={set('lecturerName')}
        error={errors.lecturerName}
        maxLength={20}
        hint="展示在讲师主页和课程页上的名字"
      />
      <Field
        name="position"
        label="讲师职位"
        value={v.position}
        onChange={set('position')}
        error={errors.position}
        maxLength={50}
        placeholder="如：高级前端工程师、副教授"
      />
      <PictureField label="讲师头像（选填）" noun="头像" alt="讲师头像" {...bindPicture('headImgUrl')} />
      <Field
        name="lecturerMobile"
        label="联系手机（选填）"
        type="tel"
        inputMode="numeric"
        value={v.lecturerMobile}
        onChange={set('lecturerMobile')}
        error={errors.lecturerMobile}
        maxLength={11}
        hint="不填则使用账号手机号；仅平台审核时可见"
      />
      <Field
        name="lecturerEmail"
        label="联系邮箱（选填）"
        type="email"
        value={v.lecturerEmail}
        onChange={set('lecturerEmail')}
        error={errors.lecturerEmail}
        maxLength={100}
      />
      <TextareaField
        name="introduce"
        label="讲师简介"
        value={v.introduce}
        maxLength={2000}
        placeholder="至少 10 个字：教学经历、擅长领域、代表作品等"
        onChange={set('introduce')}
        error={errors.introduce}
      />
      <FormSubmit
        error={error}
        pending={pending}
        label={audit ? '重新提交申请' : '提交申请'}
        pendingLabel="正在提交…"
      />
    </form>
  );
}

/**
 * /h5/apply — the lecturer application on a phone: the form, or where the application stands; guests sign in
 * first, and an organisation is sent to its centre (decision 47). The lecturer's own pages are the PC site's.
 */
export default function H5Apply({ loaderData }: Route.ComponentProps) {
  const { audit } = loaderData;
  const { user } = useSite();
  let body;
  if (!user)
    body = (
      <div className="h5-empty">
        <p>分享您的专业知识，开设录播与直播课程。登录后即可填写入驻申请。</p>
        <Link className="h5-button h5-button--primary h5-button--block" to={h5LoginPath('/h5/apply')}>
          登录后申请
        </Link>
        <Link className="h5-button h5-button--block" to="/h5/register?redirect=%2Fh5%2Fapply">
          注册账号
        </Link>
      </div>
    );
  else if (user.userType === UserType.ORGANISATION)
    body = (
      <div className="h5-empty">
        <p>
          <strong>机构账号无需申请成为讲师</strong>
        </p>
        <p>在机构中心按手机号邀请讲师加入，即可管理机构讲师，查看他们的课程、班级、考试和销售。</p>
        {/* the organisation centre is a PC page: a plain link leaves the H5 site for it */}
        <a className="h5-button h5-button--primary" href="/account/organisation">
          进入机构中心（电脑版）
        </a>
      </div>
    );
  else if (user.userType === UserType.LECTURER || audit?.auditStatus === AuditStatus.APPROVED)
    body = (
      <div className="h5-empty">
        <p>
          <strong>您已是本站讲师</strong>
        </p>
        <a className="h5-button h5-button--primary" href="/account/teacher">
          查看讲师信息（电脑版）
        </a>
      </div>
    );
  else if (audit?.auditStatus === AuditStatus.PENDING)
    body = (
      <>
        <Status audit={audit} />
        <dl className="h5-facts h5-apply__facts">
          <dt>讲师名称</dt>
          <dd>{audit.lecturerName}</dd>
          <dt>讲师职位</dt>
          <dd>{audit.position}</dd>
          <dt>讲师简介</dt>
          <dd>{audit.introduce}</dd>
        </dl>
      </>
    );
  else
    body = (
      <>
        {audit ? <Status audit={audit} /> : null}
        <ApplyForm audit={audit} nickname={user.nickname} />
      </>
    );
  return (
    <>
      <PageMeta title="讲师入驻" />
      <H5Header title="讲师入驻" />
      <div className="h5-form-page">
        <h1 className="h5-form-page__title">讲师入驻申请</h1>
        {body}
      </div>
    </>
  );
}

import { isRouteErrorResponse } from 'react-router';
import { Link } from './link.tsx';
import { UserType } from '#contract/kinds.ts';
import { pageRefusalOf, refusalStatus, type PageRefusal } from '../lib/page-refusal.ts';
import { useRootData } from '../lib/root-data.ts';
import { PageMeta } from './page-meta.tsx';
import '../styles/error-page.css';

export const NOT_FOUND_TEXT = '页面找不到了，可能已被删除或地址有误';
export const SERVER_ERROR_TEXT = '页面出错了，请联系管理员';
export const LECTURER_ONLY_TITLE = '成为讲师后才能使用此功能';

/**
 * Spec §2 error pages: 404 and 500, each with a way home, and a refusal a loader met (lib/page-refusal.ts) with
 * the server's own message. Plain markup on purpose: the root carries this page on every first load, so it must
 * not pull heavy components into the home page's budget.
 */
export function ErrorPage({ notFound, error }: { notFound?: boolean; error?: unknown }) {
  const refusal = pageRefusalOf(error);
  if (refusal?.refusal === 'lecturerOnly') return <LecturerOnly refusal={refusal} />;
  if (refusal) {
    return (
      <ErrorBox code={String(refusalStatus(refusal))} title={refusal.msg}>
        <Link to="/" className="qk-button qk-button--primary">
          返回首页
        </Link>
      </ErrorBox>
    );
  }
  const missing = notFound ?? isNotFound(error);
  return (
    <ErrorBox code={missing ? '404' : '500'} title={missing ? NOT_FOUND_TEXT : SERVER_ERROR_TEXT}>
      <Link to="/" className="qk-button qk-button--primary">
        返回首页
      </Link>
    </ErrorBox>
  );
}

function ErrorBox({ code, title, children }: { code: string; title: string; children: React.ReactNode }) {
  return (
    <div className="qk-container qk-error">
      <PageMeta title={code === '404' ? '页面不存在' : code === '500' ? '页面出错了' : title} />
      <div className="qk-error__box" role="alert">
        <div className="qk-error__code">{code}</div>
        <p className="qk-error__text">{title}</p>
        <div className="qk-error__actions">{children}</div>
      </div>
    </div>
  );
}

/**
 * A lecturer's page opened by someone else (decision 34): what the page is for and how to get there, instead of
 * forms that would fail. Organisations cannot apply (lecturer.policy.ts), so they are told to use a lecturer's
 * account.
 */
function LecturerOnly({ refusal }: { refusal: PageRefusal }) {
  const organisation = useRootData()?.user?.userType === UserType.ORGANISATION;
  return (
    <div className="qk-container qk-error">
      <PageMeta title={LECTURER_ONLY_TITLE} />
      <div className="qk-error__box" role="alert">
        <div className="qk-error__code">403</div>
        <h1 className="qk-error__title">{LECTURER_ONLY_TITLE}</h1>
        <p className="qk-error__text">
          {organisation
            ? '题库、试卷、课程和视频由讲师管理。机构账号无需申请讲师：在机构中心邀请讲师加入，即可查看他们的课程、班级、考试和销售。'
            : `${refusal.msg}。讲师申请审核通过后，即可在这里管理题库和试卷、创建课程并上传视频。`}
        </p>
        <div className="qk-error__actions">
          {organisation ? (
            <Link to="/account/organisation" className="qk-button qk-button--primary">
              进入机构中心
            </Link>
          ) : (
            <Link to="/account/teacher" className="qk-button qk-button--primary">
              申请成为讲师
            </Link>
          )}
          <Link to="/account/study" className="qk-button">
            返回学习中心
          </Link>
        </div>
      </div>
    </div>
  );
}

export function isNotFound(error: unknown): boolean {
  return isRouteErrorResponse(error) && error.status === 404;
}

import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '../../components/link.tsx';
import { useRootData } from '../../lib/root-data.ts';
import { loginUrl } from '../../lib/session.ts';
import { collectCourse, useCollect } from '../account/collect.ts';
import { CoursePrice } from './course-card.tsx';
import { firstPeriod } from './chapter-list.tsx';
import { periodPath } from './course-format.ts';
import type { DetailCourse } from './course-detail.ts';

// the checkout (and the antd styles it needs beyond the public set) loads when the buyer asks for it
const CheckoutDialog = lazy(() => import('../order/checkout-dialog.tsx'));
/** `?buy=1` on a course page opens the checkout: a guest who pressed 立即购买 comes back here from the login page. */
const BUY_PARAM = 'buy';

/** 立即购买: opens the checkout, or for a guest goes to the login page first and back to the checkout. */
function BuyButton({ course, detailPath, signedIn }: { course: DetailCourse; detailPath: string; signedIn: boolean }) {
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState(false);
  const asked = params.get(BUY_PARAM) === '1';
  useEffect(() => {
    if (!asked || !signedIn) return;
    setOpen(true);
    const next = new URLSearchParams(params);
    next.delete(BUY_PARAM);
    setParams(next, { replace: true, preventScrollReset: true });
  }, [asked, signedIn, params, setParams]);
  if (!signedIn) {
    return (
      <a className="qk-button qk-button--buy qk-button--large" href={loginUrl(`${detailPath}?${BUY_PARAM}=1`)}>
        立即购买
      </a>
    );
  }
  return (
    <>
      <button type="button" className="qk-button qk-button--buy qk-button--large" onClick={() => setOpen(true)}>
        立即购买
      </button>
      {open ? (
        <Suspense fallback={null}>
          <CheckoutDialog
            purchase={{
              kind: 'course',
              courseId: course.id,
              name: course.courseName,
              price: course.coursePrice,
              rulingPrice: course.rulingPrice,
            }}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}

function CollectButton({ course, detailPath }: { course: DetailCourse; detailPath: string }) {
  const signedIn = Boolean(useRootData()?.user);
  const { collected, pending, toggle } = useCollect(course.isCollect === 1, (on) => collectCourse(course.id, on));
  if (!signedIn) {
    return (
      <a className="qk-collect" href={loginUrl(detailPath)}>
        ☆ 收藏
      </a>
    );
  }
  return (
    <button
      type="button"
      className={collected ? 'qk-collect is-on' : 'qk-collect'}
      aria-pressed={collected}
      disabled={pending}
      onClick={() => void toggle()}
    >
      {collected ? '★ 已收藏' : '☆ 收藏'}
    </button>
  );
}

/**
 * Price, the start or continue button (or, for a paid course the reader has no access to, 立即购买 and the free
 * trial) and the favourite button. A VIP-free course says so; a member studies it free.
 */
export function CourseActions({ course, detailPath }: { course: DetailCourse; detailPath: string }) {
  const user = useRootData()?.user;
  const signedIn = Boolean(user);
  const memberFree = course.isVipFree === 1 && user?.isVip === 1;
  const free = course.isFree === 1;
  const entitled = course.isPay === 1;
  const trial = firstPeriod(course.chapterList, false, false);
  const start = course.lastPeriodId || firstPeriod(course.chapterList, free, entitled);
  const begun = Boolean(course.lastPeriodId);

  return (
    <div className="qk-course-actions">
      <div className="qk-course-actions__price">
        <CoursePrice course={course} large />
        {course.isVipFree === 1 && !free ? <span className="qk-mark qk-mark--vip">会员免费</span> : null}
      </div>
      {entitled && signedIn ? (
        <p className="qk-course-actions__state">
          {free ? '' : memberFree ? '会员免费学习，' : '已开通，'}
          {course.studyPercent !== undefined ? `已学 ${course.studyPercent}%` : '可以学习'}
          {course.expireTime ? `，有效期至 ${course.expireTime.slice(0, 10)}` : ''}
        </p>
      ) : null}
      <div className="qk-course-actions__buttons">
        {free || entitled ? (
          start ? (
            <Link className="qk-button qk-button--primary qk-button--large" to={periodPath(course.id, start)}>
              {begun ? '继续学习' : '开始学习'}
            </Link>
          ) : (
            <span className="qk-button qk-button--large is-disabled">课程内容准备中</span>
          )
        ) : (
          <>
            <BuyButton course={course} detailPath={detailPath} signedIn={signedIn} />
            {trial ? (
              <Link className="qk-button qk-button--large" to={periodPath(course.id, trial)}>
                免费试看
              </Link>
            ) : null}
          </>
        )}
        <CollectButton course={course} detailPath={detailPath} />
      </div>
      {!free && !entitled && course.isVipFree === 1 ? (
        <p className="qk-course-actions__note">
          会员免费学习本课程，<Link to="/vip">立即开通会员</Link>
        </p>
      ) : null}
      {!signedIn ? (
        <p className="qk-course-actions__note">
          已购买或已开通？
          <a className="qk-inline-link" href={loginUrl(detailPath)}>
            登录
          </a>
          后继续学习
        </p>
      ) : null}
    </div>
  );
}

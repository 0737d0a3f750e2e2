import { useState } from 'react';
import { Link } from 'react-router';
import { Tooltip } from 'antd';
import { collectionDelete, collectionSave } from '#contract/course-learn.ts';
import { api } from '../../api/client.ts';
import { useRootData } from '../../lib/root-data.ts';
import { loginUrl, sessionLost } from '../../lib/session.ts';
import { showError, showSuccess } from '../../lib/toast.ts';
import { ApiError } from '../../api/client.ts';
import { CoursePrice } from './course-card.tsx';
import { firstLesson } from './chapter-list.tsx';
import { lessonPath } from './course-format.ts';
import type { DetailCourse } from './course-detail.ts';

/** Orders arrive with their own module; until then a paid course can only be opened by an administrator. */
const BUY_LATER = '在线购买即将开放，可联系客服开通';

function CollectButton({ course, detailPath }: { course: DetailCourse; detailPath: string }) {
  const signedIn = Boolean(useRootData()?.user);
  const [collected, setCollected] = useState(course.isCollect === 1);
  const [pending, setPending] = useState(false);
  if (!signedIn) {
    return (
      <a className="qk-collect" href={loginUrl(detailPath)}>
        ☆ 收藏
      </a>
    );
  }
  async function toggle() {
    setPending(true);
    try {
      const r = await api(collected ? collectionDelete : collectionSave, { courseId: course.id });
      setCollected(r.isCollect === 1);
      showSuccess(r.isCollect === 1 ? '已收藏，可在“我的收藏”中找到' : '已取消收藏');
    } catch (err) {
      if (!sessionLost(err)) showError(err instanceof ApiError ? err.message : '操作失败，请稍后再试');
    } finally {
      setPending(false);
    }
  }
  return (
    <button type="button" className={collected ? 'qk-collect is-on' : 'qk-collect'} aria-pressed={collected} disabled={pending} onClick={() => void toggle()}>
      {collected ? '★ 已收藏' : '☆ 收藏'}
    </button>
  );
}

/**
 * Price, the start or continue button (or, for a paid course the reader has no access to, the honest buy state)
 * and the favourite button.
 */
export function CourseActions({ course, detailPath }: { course: DetailCourse; detailPath: string }) {
  const signedIn = Boolean(useRootData()?.user);
  const free = course.isFree === 1;
  const entitled = course.isPay === 1;
  const trial = firstLesson(course.chapterList, false, false);
  const start = course.lastPeriodId || firstLesson(course.chapterList, free, entitled);
  const begun = Boolean(course.lastPeriodId);

  return (
    <div className="qk-course-actions">
      <div className="qk-course-actions__price">
        <CoursePrice course={course} large />
        {course.isVipFree === 1 && !free ? <span className="qk-mark qk-mark--vip">会员免费</span> : null}
      </div>
      {entitled && signedIn ? (
        <p className="qk-course-actions__state">
          {free ? '' : '已开通，'}{course.studyPercent !== undefined ? `已学 ${course.studyPercent}%` : '可以学习'}
          {course.expireTime ? `，有效期至 ${course.expireTime.slice(0, 10)}` : ''}
        </p>
      ) : null}
      <div className="qk-course-actions__buttons">
        {free || entitled ? (
          start ? (
            <Link className="qk-button qk-button--primary qk-button--large" to={lessonPath(course.id, start)}>
              {begun ? '继续学习' : '开始学习'}
            </Link>
          ) : (
            <span className="qk-button qk-button--large is-disabled">课程内容准备中</span>
          )
        ) : (
          <>
            <Tooltip title={BUY_LATER}>
              <span className="qk-buy-wrap" tabIndex={0} aria-label={`立即购买：${BUY_LATER}`}>
                <button type="button" className="qk-button qk-button--buy qk-button--large" disabled>
                  立即购买
                </button>
              </span>
            </Tooltip>
            {trial ? (
              <Link className="qk-button qk-button--large" to={lessonPath(course.id, trial)}>
                免费试看
              </Link>
            ) : null}
          </>
        )}
        <CollectButton course={course} detailPath={detailPath} />
      </div>
      {!free && !entitled ? <p className="qk-course-actions__note">{BUY_LATER}</p> : null}
      {!signedIn ? (
        <p className="qk-course-actions__note">
          已购买或已开通？<a href={loginUrl(detailPath)}>登录</a>后继续学习
        </p>
      ) : null}
    </div>
  );
}

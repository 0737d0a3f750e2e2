import { useEffect, useState } from 'react';
import { Limits } from '#contract/codes.ts';
import { callLater } from '../../api/later.ts';
import { whenIdle } from '../../lib/idle.ts';
import { showSuccess } from '../../lib/toast.ts';

const courseLearn = () => import('#contract/course-learn.ts');
const examPractice = () => import('#contract/exam-practice.ts');
const courseCollect = callLater(() => courseLearn().then((m) => m.collectionSave));
const courseUncollect = callLater(() => courseLearn().then((m) => m.collectionDelete));
const paperCollect = callLater(() => examPractice().then((m) => m.collectionCollect));
const paperUncollect = callLater(() => examPractice().then((m) => m.collectionDelete));

/** Collects or uncollects a course; answers whether it is collected now. */
export async function collectCourse(courseId: string, collect: boolean): Promise<boolean> {
  return (await (collect ? courseCollect : courseUncollect).api({ courseId })).isCollect === 1;
}

/** Collects or uncollects a paper (collection type 4); answers whether it is collected now. */
export async function collectPaper(paperId: string, collect: boolean): Promise<boolean> {
  const body = { collectionId: paperId, collectionType: Limits.collectionTypeExam };
  if (collect) await paperCollect.api(body);
  else await paperUncollect.api(body);
  return collect;
}

/** The 收藏 button's state on a course or paper page, PC and H5 alike; a refusal is told by the response handler. */
export function useCollect(initial: boolean, change: (collect: boolean) => Promise<boolean>) {
  const [collected, setCollected] = useState(initial);
  const [pending, setPending] = useState(false);
  useEffect(
    () => whenIdle(() => [courseCollect, courseUncollect, paperCollect, paperUncollect].forEach((c) => c.preload())),
    [],
  );
  async function toggle() {
    setPending(true);
    try {
      const now = await change(!collected);
      setCollected(now);
      showSuccess(now ? '已收藏，可在“我的收藏”中找到' : '已取消收藏');
    } catch {
      // the response handler has shown the refusal or gone to the login page
    } finally {
      setPending(false);
    }
  }
  return { collected, pending, toggle };
}

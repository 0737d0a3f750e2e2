import { blogCollectionDelete, blogCollectionList } from '#contract/community-blog.ts';
import { Limits } from '#contract/codes.ts';
import { userCollectionDelete, userCollectionList } from '#contract/course-learn.ts';
import { collectionDelete, collectionList } from '#contract/exam-practice.ts';
import { api } from '../../api/client.ts';
import { pageLoad, type LoaderArgsLike } from '../../lib/session-load.ts';
import { pageFromUrl } from './page-query.ts';

/** 我的收藏's kinds (`?tab=`): courses, papers and posts, each collected on its own page. */
export const COLLECTION_TABS = [
  { value: 'course', label: '课程' },
  { value: 'exam', label: '试卷' },
  { value: 'blog', label: '博客' },
] as const;
export type CollectionTab = (typeof COLLECTION_TABS)[number]['value'];

/** One page of one kind of what I collected; the other kinds are null. */
export async function loadCollection(args: LoaderArgsLike, pageSize: number) {
  const asked = new URL(args.request.url).searchParams.get('tab');
  const tab: CollectionTab = COLLECTION_TABS.find((t) => t.value === asked)?.value ?? 'course';
  const q = { pageCurrent: pageFromUrl(args.request), pageSize };
  return {
    tab,
    courses: tab === 'course' ? await pageLoad(args, userCollectionList, q) : null,
    papers: tab === 'exam' ? await pageLoad(args, collectionList, q) : null,
    posts: tab === 'blog' ? await pageLoad(args, blogCollectionList, q) : null,
  };
}

/** Takes one thing out of my collection, by its kind. */
export async function uncollect(tab: CollectionTab, id: string): Promise<void> {
  if (tab === 'course') await api(userCollectionDelete, { courseId: id });
  else if (tab === 'exam') await api(collectionDelete, { collectionId: id, collectionType: Limits.collectionTypeExam });
  else await api(blogCollectionDelete, { blogId: id });
}

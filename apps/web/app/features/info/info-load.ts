import { isId } from '#contract/call.ts';
import { websiteNavArticleGet } from '#contract/system.ts';
import { websiteInfoArticleList, websiteInfoCategoryList } from '#contract/website-info.ts';
import type { LoaderArgsLike } from '../../lib/session-load.ts';
import { idOr404, pageOf, publicLoad } from '../pages/public-load.ts';

/**
 * The information centre, PC and phone: its categories and a page of the articles of one (?navId=) or all. A
 * category removed or disabled is a page that no longer exists.
 */
export async function loadInfoList({ request, context }: LoaderArgsLike, pageSize: number) {
  const asked = new URL(request.url).searchParams.get('navId') ?? '';
  const navId = isId(asked) ? asked : undefined;
  const [categories, page] = await Promise.all([
    publicLoad(context, websiteInfoCategoryList),
    publicLoad(context, websiteInfoArticleList, { navId, pageCurrent: pageOf(request), pageSize }),
  ]);
  return { categories, page, navId };
}

/** One article of the centre or of the footer's groups, PC and phone; an unknown one is a page that does not exist. */
export async function loadInfoArticle({ context }: LoaderArgsLike, id: string | undefined) {
  return { article: await publicLoad(context, websiteNavArticleGet, { id: idOr404(id) }) };
}

import { data } from 'react-router';
import { isId } from '#contract/call.ts';
import { ResultCode } from '#contract/codes.ts';
import { websiteNavArticleGet } from '#contract/system.ts';
import { websiteInfoArticleList, websiteInfoCategoryList } from '#contract/website-info.ts';
import { ApiError, callWith } from '../../api/client.ts';
import { serverContext } from '../../context.ts';
import type { LoaderArgsLike } from '../../lib/session-load.ts';

/** A category removed or disabled, or an article unknown: its address is a page that no longer exists. */
const missing = (err: unknown): never => {
  if (err instanceof ApiError && err.code === ResultCode.ERROR) throw data(null, { status: 404 });
  throw err;
};

/** The information centre, PC and phone: its categories and a page of the articles of one (?navId=) or all. */
export async function loadInfoList({ request, context }: LoaderArgsLike, pageSize: number) {
  const { transport } = context.get(serverContext);
  const p = new URL(request.url).searchParams;
  const navId = isId(p.get('navId') ?? '') ? p.get('navId')! : undefined;
  const n = Number(p.get('page'));
  const pageCurrent = Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
  try {
    const [categories, page] = await Promise.all([
      callWith(transport, websiteInfoCategoryList),
      callWith(transport, websiteInfoArticleList, { navId, pageCurrent, pageSize }),
    ]);
    return { categories, page, navId };
  } catch (err) {
    return missing(err);
  }
}

/** One article of the centre or of the footer's groups, PC and phone. */
export async function loadInfoArticle({ context }: LoaderArgsLike, id: string | undefined) {
  if (!id) throw data(null, { status: 404 });
  try {
    return { article: await callWith(context.get(serverContext).transport, websiteNavArticleGet, { id }) };
  } catch (err) {
    return missing(err);
  }
}

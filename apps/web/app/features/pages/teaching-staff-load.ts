import { lecturerPublicList } from '#contract/lecturer.ts';
import { pageFromUrl } from '../account/page-query.ts';
import { pageLoad, type LoaderArgsLike } from '../../lib/session-load.ts';

/** The teaching staff, PC and phone: a page of the listed lecturers, those whose name holds ?name= when given. */
export async function loadTeachingStaff(args: LoaderArgsLike, pageSize: number) {
  const lecturerName = (new URL(args.request.url).searchParams.get('name') ?? '').trim().slice(0, 20);
  const page = await pageLoad(args, lecturerPublicList, {
    pageCurrent: pageFromUrl(args.request),
    pageSize,
    lecturerName,
  });
  return { page, lecturerName };
}

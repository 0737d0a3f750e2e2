import { redirect } from 'react-router';
import type { Route } from './+types/my-study.ts';
import { loginUrl, tokenOf } from '../lib/session.ts';

/** '我的学习' in the header: the study records of a signed-in learner, or the login page that leads there. */
export function loader({ request }: Route.LoaderArgs) {
  throw redirect(tokenOf(request) ? '/account/study' : loginUrl('/account/study'));
}

export default function MyStudy() {
  return null;
}

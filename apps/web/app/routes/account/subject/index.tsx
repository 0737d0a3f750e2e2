import { redirect } from 'react-router';

/** '试题管理' in the lecturer's header links: the question bank itself. */
export function loader() {
  throw redirect('/account/subject/comprehend');
}

export default function SubjectIndex() {
  return null;
}

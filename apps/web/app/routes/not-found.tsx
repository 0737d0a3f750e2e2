import { data } from 'react-router';
import { ErrorPage } from '../components/error-page.tsx';

/** Every path no route claims: the 404 page inside the site frame, with a real 404 status. */
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <ErrorPage notFound />;
}

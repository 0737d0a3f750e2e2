import { data } from 'react-router';

/** An H5 address with no page: a 404, shown by the H5 layout's error page. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function H5NotFound() {
  return null;
}

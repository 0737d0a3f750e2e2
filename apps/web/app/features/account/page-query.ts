import { useSearchParams } from 'react-router';

/** The list page a URL asks for (?page=N), so paging survives reloads and the back button. */
export function pageFromUrl(request: Request): number {
  const n = Number(new URL(request.url).searchParams.get('page'));
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** Changes one query parameter of the page (and resets paging when the filter changes). */
export function useQueryParam() {
  const [params, setParams] = useSearchParams();
  return (name: string, value: string | number | null) => {
    const next = new URLSearchParams(params);
    if (value === null || value === '') next.delete(name);
    else next.set(name, String(value));
    if (name !== 'page') next.delete('page');
    setParams(next, { preventScrollReset: name !== 'page' });
  };
}

import { Link } from '../components/link.tsx';
import { useCollect } from '../features/account/collect.ts';
import { h5LoginPath } from './h5-links.ts';

/** 收藏 on a phone's course or paper page; a guest goes to the H5 login page and comes back to `here`. */
export function H5CollectButton({
  initial,
  signedIn,
  here,
  change,
}: {
  initial: boolean;
  signedIn: boolean;
  here: string;
  change: (collect: boolean) => Promise<boolean>;
}) {
  const { collected, pending, toggle } = useCollect(initial, change);
  if (!signedIn)
    return (
      <Link className="h5-collect" to={h5LoginPath(here)}>
        ☆ 收藏
      </Link>
    );
  return (
    <button
      type="button"
      className={collected ? 'h5-collect is-on' : 'h5-collect'}
      aria-pressed={collected}
      disabled={pending}
      onClick={() => void toggle()}
    >
      {collected ? '★ 已收藏' : '☆ 收藏'}
    </button>
  );
}

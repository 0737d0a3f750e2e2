import { NavLink } from 'react-router';
import { LIVE_KIND, STUDIO_KINDS } from './studio-kind.ts';

/** Between the studio's lists: the kinds of course (live ones on the live management page) and the learners' progress. */
export function StudioNav() {
  const links = [
    ...STUDIO_KINDS.map((k) => ({ to: k.base, label: k.noun })),
    { to: LIVE_KIND.base, label: LIVE_KIND.noun },
    { to: '/account/vod/progress', label: '学员进度' },
  ];
  return (
    <nav className="qk-studio-nav" aria-label="课程管理">
      {links.map((l) => (
        <NavLink key={l.to} to={l.to} end className={({ isActive }) => (isActive ? 'is-active' : undefined)}>
          {l.label}
        </NavLink>
      ))}
    </nav>
  );
}

import { Link } from '../components/link.tsx';
import { switchHref } from './h5-links.ts';
import './h5-pages.css';

/**
 * A body the phone's plain field cannot give back as it is (htmlToText gave null): edited on the computer, never
 * flattened. `what` names it (这篇博客, 这个问题), `pcPath` is its PC editor.
 */
export function EditOnComputer({
  what,
  title,
  pcPath,
  view,
  back,
}: {
  what: string;
  title: string;
  pcPath: string;
  view: { to: string; label: string };
  back: { to: string; label: string };
}) {
  return (
    <div className="h5-pages__form h5-edit-elsewhere">
      <div className="h5-notice" role="note">
        <p>
          <strong>{what}请在电脑上编辑</strong>
        </p>
        <p>《{title}》的正文含有标题、图片、列表、链接或代码等排版，手机上只能编辑纯文字，在这里保存会丢掉这些排版。</p>
        <p>进入电脑版后，可在页面底部点“手机版”回到手机页面。</p>
      </div>
      <a className="h5-button h5-button--primary h5-button--block" href={switchHref('pc', pcPath)}>
        在电脑版编辑
      </a>
      <Link className="h5-button h5-button--block" to={view.to}>
        {view.label}
      </Link>
      <Link className="h5-button h5-button--block" to={back.to}>
        {back.label}
      </Link>
    </div>
  );
}

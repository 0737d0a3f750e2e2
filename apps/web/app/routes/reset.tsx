import { Link } from 'react-router';
import { PageMeta } from '../components/page-meta.tsx';

/** /reset — its form arrives with the accounts feature; until then the page says so. */
export default function ResetPage() {
  return (
    <div className="qk-login__card">
      <PageMeta title="找回密码" />
      <h1>找回密码</h1>
      <p>找回密码功能将随账户模块上线，当前暂不可用。</p>
      <Link to="/">返回首页</Link>
    </div>
  );
}

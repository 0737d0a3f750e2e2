import { Link } from 'react-router';
import { PageMeta } from '../components/page-meta.tsx';

/** /login — its form arrives with the accounts feature; until then the page says so. */
export default function LoginPage() {
  return (
    <div className="qk-login__card">
      <PageMeta title="登录" />
      <h1>登录</h1>
      <p>登录功能将随账户模块上线，当前暂不可用。</p>
      <Link to="/">返回首页</Link>
    </div>
  );
}

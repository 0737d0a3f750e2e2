import { Link } from 'react-router';
import { PageMeta } from '../components/page-meta.tsx';

/** /apply — its form arrives with the accounts feature; until then the page says so. */
export default function ApplyPage() {
  return (
    <div className="qk-login__card">
      <PageMeta title="讲师入驻" />
      <h1>讲师入驻</h1>
      <p>入驻申请功能将随账户模块上线，当前暂不可用。</p>
      <Link to="/">返回首页</Link>
    </div>
  );
}

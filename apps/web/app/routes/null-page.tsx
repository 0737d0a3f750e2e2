import { Button, Result } from 'antd';
import { Link } from '../components/link.tsx';
import { PageMeta } from '../components/page-meta.tsx';

/**
 * /null — where a navigation item or banner whose address was left empty leads (the old site wrote the empty
 * value into the link). Instead of a 404 the visitor is told the link has no page yet and offered the way on.
 */
export default function NullPage() {
  return (
    <div className="qk-container qk-page">
      <PageMeta title="链接暂未开放" noindex />
      <Result
        status="info"
        title="这个链接还没有设置页面"
        subTitle="您点击的入口暂时没有内容，可能正在准备中。可以先去看看课程，或联系客服告诉我们。"
        extra={[
          <Link key="home" to="/">
            <Button type="primary">返回首页</Button>
          </Link>,
          <Link key="list" to="/list">
            <Button>浏览课程</Button>
          </Link>,
          <Link key="ask" to="/onlineRegistration">
            <Button>在线咨询</Button>
          </Link>,
        ]}
      />
    </div>
  );
}

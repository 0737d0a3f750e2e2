import { redirect } from 'react-router';
import { Link } from '../components/link.tsx';
import type { Route } from './+types/my.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { earnsMoney } from '../features/account/earns-money.ts';
import { useSite } from '../lib/root-data.ts';
import { signOut, tokenOf } from '../lib/session.ts';
import { H5Footer, H5Header } from './h5-frame.tsx';
import { H5Face } from './face.tsx';
import { h5LoginPath } from './h5-links.ts';

export function loader({ request }: Route.LoaderArgs) {
  if (!tokenOf(request)) throw redirect(h5LoginPath('/h5/my'));
  return null;
}

/** /h5/my — who is signed in, the account pages, and signing out. */
export default function H5My() {
  const { user } = useSite();
  if (!user) return null;
  return (
    <>
      <PageMeta title="我的" />
      <H5Header title="我的" />
      <section className="h5-me">
        <H5Face src={user.headImgUrl} name={user.nickname || '学'} />
        <div>
          <h1>{user.nickname || user.mobile}</h1>
          <p className="h5-muted">{user.isVip === 1 ? 'VIP 会员' : '普通学员'}</p>
        </div>
      </section>
      <nav className="h5-menu" aria-label="我的学习">
        <Link to="/h5/account/course">我的课程</Link>
        <Link to="/h5/account/study">学习记录</Link>
        <Link to="/h5/account/grades">我的班级</Link>
        <Link to="/h5/exam">考试中心</Link>
        <Link to="/h5/account/exams/myExam">我的试卷</Link>
        <Link to="/h5/account/error/problem">错题本</Link>
        <Link to="/h5/account/notes">我的笔记</Link>
        <Link to="/h5/account/ques">我的问答</Link>
        <Link to="/h5/blog/account">我的博客</Link>
        <Link to="/h5/account/collection">我的收藏</Link>
        <Link to="/h5/account/attention">我的关注</Link>
        {user.isRecommended === 1 ? <Link to="/h5/account/recommend">我的推荐</Link> : null}
        {earnsMoney(user) ? (
          <>
            <Link to="/h5/account/earnings">我的收益</Link>
            <Link to="/h5/account/draw_money">提现</Link>
          </>
        ) : null}
        <Link to="/h5/account/order">我的订单</Link>
        <Link to="/h5/account/message">我的消息</Link>
        <Link to="/h5/vip">{user.isVip === 1 ? '会员续费' : '开通会员'}</Link>
        <Link to="/h5/account/info">个人资料</Link>
        <Link to="/h5/account/feedback">意见反馈</Link>
      </nav>
      <div className="h5-form-page">
        <button type="button" className="h5-button h5-button--block" onClick={() => void signOut()}>
          退出登录
        </button>
      </div>
      <H5Footer />
    </>
  );
}

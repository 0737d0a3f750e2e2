import { Alert, Tabs } from 'antd';
import { redirect, useSearchParams } from 'react-router';
import { Link } from '../components/link.tsx';
import type { Route } from './+types/login.ts';
import { serverContext } from '../context.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { CodeLogin } from '../features/account/login/code-login.tsx';
import { PasswordLogin } from '../features/account/login/password-login.tsx';
import { QrLogin } from '../features/account/login/qr-login.tsx';
import { loadSession } from '../lib/session-load.ts';
import { ELSEWHERE_MSG, safeReturnTo, tokenOf } from '../lib/session.ts';

/** Someone still signed in has nothing to do here: on to where they were going. */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!tokenOf(request)) return null;
  const session = await loadSession(request, context.get(serverContext).transport);
  if (session.user) throw redirect(safeReturnTo(new URL(request.url).searchParams.get('redirect')));
  return null;
}

/** /login?t=login — password, SMS code or WeChat QR, then back to the remembered page (spec §2, §4). */
export default function LoginPage() {
  const [params] = useSearchParams();
  const redirectTo = params.get('redirect');
  const registerHref = redirectTo ? `/register?redirect=${encodeURIComponent(redirectTo)}` : '/register';
  return (
    <div className="qk-login__card qk-login__card--form">
      <PageMeta title="登录" />
      <h1>欢迎登录</h1>
      {params.get('notice') === 'elsewhere' ? (
        <Alert
          type="warning"
          showIcon
          title={ELSEWHERE_MSG}
          description="请重新登录；如非本人操作，请尽快修改密码。"
          className="qk-form-alert"
        />
      ) : null}
      {params.get('notice') === 'password' ? (
        <Alert
          type="success"
          showIcon
          title="密码已修改"
          description="所有设备上的登录都已退出，请使用新密码登录。"
          className="qk-form-alert"
        />
      ) : null}
      <Tabs
        centered
        destroyOnHidden
        items={[
          { key: 'password', label: '密码登录', children: <PasswordLogin /> },
          { key: 'code', label: '验证码登录', children: <CodeLogin /> },
          { key: 'qr', label: '扫码登录', children: <QrLogin /> },
        ]}
      />
      <div className="qk-login__links">
        <Link to="/reset">忘记密码</Link>
        <span>
          还没有账号？<Link to={registerHref}>立即注册</Link>
        </span>
      </div>
    </div>
  );
}

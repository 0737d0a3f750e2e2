import type { FastifyReply, FastifyRequest } from 'fastify';
import * as u from '#contract/user.ts';
import { TOKEN_COOKIE } from '#contract/codes.ts';
import type { Router } from '../../platform/http/route.ts';
import { UserAuthService, WEB_CLIENT, type LoginResult } from './user-auth.service.ts';
import type { UserService } from './user.service.ts';
import type { CaptchaService } from './captcha.service.ts';
import type { SmsCodeService } from './sms-code.service.ts';

const meta = (req: FastifyRequest) => ({ ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') });

/** Web logins also get the RC_WEB_TOKEN cookie (1 day, HttpOnly, SameSite=Lax). */
export const loginCookie = (secureCookies: boolean) => (reply: FastifyReply) => (r: LoginResult) => {
  if (r.clientType === WEB_CLIENT) {
    reply.setCookie(TOKEN_COOKIE, r.token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookies,
      maxAge: UserAuthService.webSessionMs / 1000,
    });
  }
  return { token: r.token, userInfo: r.userInfo };
};

export function userRoutes(
  on: Router,
  auth: UserAuthService,
  users: UserService,
  captcha: CaptchaService,
  codes: SmsCodeService,
  secureCookies: boolean,
): void {
  const withCookie = loginCookie(secureCookies);

  on(u.captchaImage, () => captcha.create());
  on(u.sendCode, ({ site, body, req }) => codes.send(site.id, body.mobile, req.ip));
  on(u.register, ({ site, body, req, reply }) => auth.register(site.id, body, meta(req)).then(withCookie(reply)));
  on(u.loginPassword, ({ site, body, req, reply }) =>
    auth.loginPassword(site.id, body, meta(req)).then(withCookie(reply)),
  );
  on(u.loginCode, ({ site, body, req, reply }) => auth.loginCode(site.id, body, meta(req)).then(withCookie(reply)));
  on(u.updatePassword, ({ site, body }) => auth.resetPassword(site.id, body));
  on(u.extView, ({ site, actor }) => users.view(site.id, actor.id));
  on(u.extUpdate, ({ site, actor, body }) => users.update(site.id, actor.id, body));
  on(u.extExitLogin, ({ actor, reply }) => {
    reply.clearCookie(TOKEN_COOKIE, { path: '/' });
    return auth.logout(actor.token);
  });
}

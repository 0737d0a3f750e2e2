import { useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import { Link } from '../components/link.tsx';
import { extUpdate, extView, UserType } from '#contract/user.ts';
import type { Route } from './+types/account-info.ts';
import { api } from '../api/client.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { useAction } from '../features/account/use-action.ts';
import { useSaveHead } from '../features/account/use-save-head.ts';
import { pageLoad } from '../lib/session-load.ts';
import { checkBody, Field, FormSubmit, valuesOf, type Errors } from './form-parts.tsx';
import { H5Header } from './h5-frame.tsx';
import { H5Face } from './face.tsx';
import { PictureField } from './picture-field.tsx';
import './h5-lists.css';

export async function loader(args: Route.LoaderArgs) {
  return { user: await pageLoad(args, extView) };
}

const TYPE_NAME: Record<number, string> = {
  [UserType.LECTURER]: '讲师',
  [UserType.ORGANISATION]: '机构',
};

/** /h5/account/info — my profile on a phone: the head picture, the nickname, the account's facts, and the way to a new password. */
export default function H5AccountInfo({ loaderData }: Route.ComponentProps) {
  const { user } = loaderData;
  const revalidator = useRevalidator();
  const [errors, setErrors] = useState<Errors>({});
  const { run, pending, error } = useAction();
  const saveHead = useSaveHead();

  async function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const checked = checkBody(extUpdate.body, { nickname: valuesOf(e.currentTarget).nickname });
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    if ((await run(() => api(extUpdate, checked.data), { success: '已保存' })) !== undefined)
      await revalidator.revalidate();
  }

  return (
    <>
      <PageMeta title="个人资料" />
      <H5Header title="个人资料" />
      <section className="h5-me">
        <H5Face src={user.headImgUrl} name={user.nickname || '学'} />
        <div>
          <h1>{user.nickname || user.mobile}</h1>
          <p className="h5-muted">
            {TYPE_NAME[user.userType] ?? '学员'}
            {user.isVip === 1 ? ` · VIP 会员至 ${user.vipExpireTime.slice(0, 10)}` : ''}
          </p>
        </div>
      </section>
      <div className="h5-form-page">
        <PictureField
          label="头像"
          noun="头像"
          alt="我的头像"
          value={user.headImgUrl}
          onChange={(url) => void saveHead(url)}
        />
        <form className="h5-form" onSubmit={(e) => void save(e)} noValidate>
          <Field name="nickname" label="昵称" maxLength={20} defaultValue={user.nickname} error={errors.nickname} />
          <FormSubmit error={error} pending={pending} label="保存昵称" pendingLabel="保存中…" />
        </form>
        <dl className="h5-facts">
          <dt>手机号</dt>
          <dd>{`${user.mobile.slice(0, 3)}****${user.mobile.slice(-4)}`}</dd>
          <dt>注册时间</dt>
          <dd>{user.gmtCreate.slice(0, 10)}</dd>
        </dl>
      </div>
      <nav className="h5-menu" aria-label="账号设置">
        <Link to="/h5/account/reset">修改密码</Link>
      </nav>
    </>
  );
}

import { Alert, Button, Form, Input } from 'antd';
import { useRevalidator } from 'react-router';
import { extUpdate, UserType } from '#contract/user.ts';
import { api } from '../../api/client.ts';
import type { SessionUser } from '../../lib/session.ts';
import { checkWithSchema } from '../admin/schema-check.ts';
import { ImageUpload } from './image-upload.tsx';
import { useAction } from './use-action.ts';
import { useSaveHead } from './use-save-head.ts';
import { fieldsChanged } from './fields-changed.ts';

const USER_TYPES: Record<number, string> = {
  [UserType.NORMAL]: '学员',
  [UserType.LECTURER]: '讲师',
  [UserType.ORGANISATION]: '机构',
};

/** Nickname and head image (saved as soon as it is uploaded), with the account facts beside them. */
export function ProfileCard({ user }: { user: SessionUser }) {
  const [form] = Form.useForm<{ nickname: string }>();
  const revalidator = useRevalidator();
  const saveHead = useSaveHead();
  const name = useAction();

  async function saveNickname(values: { nickname: string }) {
    const checked = checkWithSchema(form, extUpdate.body, values);
    if (!checked.ok) return;
    if ((await name.run(() => api(extUpdate, checked.data), { success: '已保存' })) !== undefined)
      await revalidator.revalidate();
  }

  return (
    <section className="qk-card">
      <h2 className="qk-card__title">基本资料</h2>
      <div className="qk-profile">
        <ImageUpload value={user.headImgUrl} onChange={(url) => void saveHead(url)} round size={100} label="更换头像" />
        <Form
          form={form}
          layout="vertical"
          className="qk-profile__form"
          initialValues={{ nickname: user.nickname }}
          onFinish={(v) => void saveNickname(v)}
          onValuesChange={(changed) => fieldsChanged(form, changed, name.setError)}
        >
          <Form.Item name="nickname" label="昵称" required>
            <Input maxLength={20} placeholder="1 到 20 个字" />
          </Form.Item>
          {name.error ? <Alert type="error" showIcon title={name.error} className="qk-form-alert" /> : null}
          <Button type="primary" htmlType="submit" loading={name.pending}>
            保存昵称
          </Button>
        </Form>
        <dl className="qk-facts qk-profile__facts">
          <dt>手机号</dt>
          <dd>{user.mobile}</dd>
          <dt>账号类型</dt>
          <dd>{USER_TYPES[user.userType] ?? '学员'}</dd>
          <dt>会员</dt>
          <dd>{user.isVip === 1 ? `VIP 会员，有效期至 ${user.vipExpireTime}` : '未开通'}</dd>
          <dt>注册时间</dt>
          <dd>{user.gmtCreate}</dd>
        </dl>
      </div>
    </section>
  );
}

import { Alert, Button, Card, Form, InputNumber, Typography } from 'antd';
import { useRevalidator } from 'react-router';
import { adminReferralUpdate, adminReferralView } from '#contract/order-admin.ts';
import { api } from '../../api/client.ts';
import { adminLoad } from '../../features/admin/admin-loader.ts';
import { checkWithSchema } from '../../features/admin/schema-check.ts';
import { useAdminAction } from '../../features/admin/use-admin-action.ts';
import type { Route } from './+types/referral.ts';

export const meta: Route.MetaFunction = () => [{ title: '推荐奖励 · 青课管理后台' }];

export async function loader(args: Route.LoaderArgs) {
  return { setting: await adminLoad(args, adminReferralView) };
}

/** The site's referral rate: the share of each payment by a referred user credited to the user who referred them. */
export default function AdminReferral({ loaderData }: Route.ComponentProps) {
  const [form] = Form.useForm<{ referralRate: number }>();
  const { run, pending, error } = useAdminAction();
  const revalidator = useRevalidator();
  const rate = loaderData.setting.referralRate;

  async function save(values: { referralRate: number }) {
    const checked = checkWithSchema(form, adminReferralUpdate.body, values);
    if (!checked.ok) return;
    if ((await run(() => api(adminReferralUpdate, checked.data), '推荐奖励比例已保存')) !== undefined)
      await revalidator.revalidate();
  }

  return (
    <Card title="推荐奖励">
      <Typography.Paragraph>
        当前比例：<strong data-testid="referral-rate">{rate}%</strong>
        {rate === 0
          ? '（未开启：推荐人不获得奖励）'
          : `：推荐的用户每付款 100 元，推荐人获得 ${rate} 元奖励（向下取整到分）`}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        奖励从平台收入中支出，计入推荐人的可提现余额；订单退款时扣回。只有在用户管理中开通了「推荐资格」的推荐人获得奖励。修改后对之后支付的订单生效。
      </Typography.Paragraph>
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16, maxWidth: 480 }} /> : null}
      <Form
        form={form}
        layout="vertical"
        initialValues={{ referralRate: rate }}
        onFinish={(v) => void save(v)}
        style={{ maxWidth: 480 }}
      >
        <Form.Item name="referralRate" label="推荐奖励比例" extra="0 到 100 的整数，按订单实付金额计算">
          <InputNumber min={0} max={100} precision={0} suffix="%" style={{ width: 160 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={pending}>
          保存
        </Button>
      </Form>
    </Card>
  );
}

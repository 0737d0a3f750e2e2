import { Alert, Button, Card, Form, Input, Switch } from 'antd';
import { useRevalidator } from 'react-router';
import type { z } from 'zod';
import { adminWebsiteUpdate, adminWebsiteView, WebInfoUpdate } from '#contract/admin.ts';
import { api } from '../../api/client.ts';
import { adminLoad } from '../../features/admin/admin-loader.ts';
import { flagSwitch } from '../../features/admin/form-items.tsx';
import { ImageField } from '../../features/admin/image-field.tsx';
import { checkWithSchema } from '../../features/admin/schema-check.ts';
import { useAdminAction } from '../../features/admin/use-admin-action.ts';
import type { Route } from './+types/website.ts';

type Values = z.input<typeof WebInfoUpdate>;

export const meta: Route.MetaFunction = () => [{ title: '站点信息 · 青课管理后台' }];

export async function loader(args: Route.LoaderArgs) {
  return { info: await adminLoad(args, adminWebsiteView) };
}

const { TextArea } = Input;
const codeStyle = { fontFamily: 'monospace', fontSize: 13 };

export default function AdminWebsite({ loaderData }: Route.ComponentProps) {
  const [form] = Form.useForm<Values>();
  const { run, pending, error, setError } = useAdminAction();
  const revalidator = useRevalidator();

  async function save(values: Values) {
    const checked = checkWithSchema(form, WebInfoUpdate, values);
    if (!checked.ok) return setError(checked.msg);
    if ((await run(() => api(adminWebsiteUpdate, values), '已保存')) !== undefined) await revalidator.revalidate();
  }

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      style={{ maxWidth: 960 }}
      initialValues={loaderData.info}
      onFinish={(v) => void save(v)}
      onValuesChange={() => error && setError(null)}
    >
      <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
        <Card title="基本信息">
          <Form.Item name="siteNamePc" label="网站名称" rules={[{ required: true, message: '请填写网站名称' }]}>
            <Input maxLength={50} showCount style={{ maxWidth: 480 }} />
          </Form.Item>
          <Form.Item name="logo" label="Logo" extra="显示在网站头部，建议透明背景的 PNG">
            <ImageField previewWidth={240} previewHeight={80} />
          </Form.Item>
          <Form.Item name="ico" label="网站图标" extra="浏览器标签页上的小图标（favicon）">
            <ImageField previewWidth={64} previewHeight={64} />
          </Form.Item>
          <Form.Item name="keyword" label="关键词" extra="供搜索引擎使用，多个关键词用英文逗号分隔">
            <Input maxLength={200} showCount />
          </Form.Item>
          <Form.Item name="desc" label="网站描述">
            <TextArea maxLength={500} showCount rows={3} />
          </Form.Item>
          <Form.Item name="loginBgImg" label="登录页背景图">
            <ImageField previewWidth={320} previewHeight={120} />
          </Form.Item>
          <Form.Item
            name="h5Domain"
            label="H5 域名"
            extra="手机访问 PC 网站时跳转到的地址，如 https://m.example.com；不填则不跳转"
          >
            <Input maxLength={200} style={{ maxWidth: 480 }} />
          </Form.Item>
        </Card>

        <Card title="联系方式">
          <Form.Item name="address" label="地址">
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="telephone" label="服务热线">
            <Input maxLength={50} style={{ maxWidth: 320 }} />
          </Form.Item>
          <Form.Item name="serviceContact" label="客服联系方式">
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="mpQrcode" label="公众号二维码">
            <ImageField previewWidth={120} previewHeight={120} />
          </Form.Item>
          <Form.Item name="service1" label="客服二维码">
            <ImageField previewWidth={120} previewHeight={120} />
          </Form.Item>
        </Card>

        <Card title="版权与备案">
          <Form.Item name="copyright" label="版权信息">
            <Input maxLength={200} placeholder="如：© 2025 青课网校 版权所有" />
          </Form.Item>
          <Form.Item name="icp" label="ICP 备案号">
            <Input maxLength={100} style={{ maxWidth: 320 }} />
          </Form.Item>
          <Form.Item name="prn" label="公安备案名称">
            <Input maxLength={100} style={{ maxWidth: 320 }} />
          </Form.Item>
          <Form.Item name="prnNo" label="公安备案号">
            <Input maxLength={50} style={{ maxWidth: 320 }} />
          </Form.Item>
          <Form.Item name="legalNotice" label="法律声明">
            <TextArea maxLength={2000} showCount rows={4} />
          </Form.Item>
        </Card>

        <Card title="统计与在线客服">
          <Form.Item name="isEnableStatistics" label="启用统计" {...flagSwitch}>
            <Switch checkedChildren="开" unCheckedChildren="关" />
          </Form.Item>
          <Form.Item name="statisticsCode" label="统计代码" extra="统计服务提供的脚本代码，启用后加在每个页面上">
            <TextArea rows={5} maxLength={5000} style={codeStyle} />
          </Form.Item>
          <Form.Item name="isEnableOnlineService" label="启用在线客服" {...flagSwitch}>
            <Switch checkedChildren="开" unCheckedChildren="关" />
          </Form.Item>
          <Form.Item name="onlineServiceCode" label="在线客服代码">
            <TextArea rows={5} maxLength={5000} style={codeStyle} />
          </Form.Item>
          <Form.Item
            name="onlineServicePages"
            label="在线客服页面"
            extra="显示在线客服的页面路径，多个用英文逗号分隔，如 /index,/list"
          >
            <Input maxLength={1000} />
          </Form.Item>
        </Card>

        {/* The form is long: keep the save button in reach while scrolling. */}
        <Card
          style={{ position: 'sticky', bottom: 0, zIndex: 5, boxShadow: '0 -4px 12px rgba(0,0,0,0.06)' }}
          styles={{ body: { padding: '12px 24px' } }}
        >
          {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
          <Button type="primary" htmlType="submit" loading={pending} size="large" style={{ minWidth: 160 }}>
            保存
          </Button>
        </Card>
      </div>
    </Form>
  );
}

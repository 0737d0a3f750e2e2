import { Alert, Button, Form, Input, Result } from 'antd';
import { useState } from 'react';
import { counselSave } from '#contract/marketing.ts';
import { api } from '../api/client.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { useAction } from '../features/account/use-action.ts';
import { useRootData } from '../lib/root-data.ts';
import '../features/pages/pages.css';

interface Values {
  realName: string;
  mobile: string;
  subject?: string;
  content?: string;
}

const DESCRIPTION = '留下姓名和手机号，课程顾问会尽快联系您，为您推荐合适的课程和学习计划。';

/** /onlineRegistration — the enquiry form (报名咨询): a course adviser calls back. */
export default function OnlineRegistration() {
  const tel = useRootData()?.webInfo.telephone;
  const [done, setDone] = useState(false);
  const { run, pending, error } = useAction();
  const [form] = Form.useForm<Values>();

  async function submit(v: Values) {
    const saved = await run(() => api(counselSave, { ...v, subject: v.subject ?? '', content: v.content ?? '' }));
    if (saved) setDone(true);
  }

  return (
    <div className="qk-container qk-page">
      <PageMeta title="在线报名咨询" description={DESCRIPTION} />
      <h1 className="qk-page__title">在线报名咨询</h1>
      <div className="qk-counsel">
        <section className="qk-card">
          <h2 className="qk-card__title">我们能帮您什么</h2>
          <p>{DESCRIPTION}</p>
          <ul>
            <li>根据您的基础和目标，推荐课程与学习路线</li>
            <li>介绍班级、直播课和考试题库的安排</li>
            <li>解答购买、会员和发票等问题</li>
          </ul>
          {tel ? <p>也可以直接拨打客服电话：{tel}</p> : null}
        </section>
        <section className="qk-card" aria-label="咨询登记表">
          {done ? (
            <Result
              status="success"
              title="提交成功"
              subTitle="我们已收到您的咨询，课程顾问会尽快与您联系。"
              extra={
                <Button
                  onClick={() => {
                    form.resetFields();
                    setDone(false);
                  }}
                >
                  再提交一条
                </Button>
              }
            />
          ) : (
            <Form<Values> form={form} layout="vertical" onFinish={(v) => void submit(v)}>
              <Form.Item
                name="realName"
                label="姓名"
                rules={[{ required: true, whitespace: true, message: '请填写姓名' }]}
              >
                <Input maxLength={20} autoComplete="name" />
              </Form.Item>
              <Form.Item
                name="mobile"
                label="手机号"
                rules={[
                  { required: true, message: '请填写手机号' },
                  { pattern: /^1[3-9]\d{9}$/, message: '请填写正确的 11 位手机号' },
                ]}
              >
                <Input maxLength={11} inputMode="tel" autoComplete="tel" />
              </Form.Item>
              <Form.Item name="subject" label="意向课程（选填）">
                <Input maxLength={50} placeholder="如：Python 数据分析、考研英语" />
              </Form.Item>
              <Form.Item name="content" label="咨询内容（选填）">
                <Input.TextArea rows={4} maxLength={500} showCount />
              </Form.Item>
              {error ? <Alert type="error" showIcon title={error} className="qk-form-alert" /> : null}
              <Button type="primary" htmlType="submit" loading={pending} className="qk-submit">
                提交咨询
              </Button>
            </Form>
          )}
        </section>
      </div>
    </div>
  );
}

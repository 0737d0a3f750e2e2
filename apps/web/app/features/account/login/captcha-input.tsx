import { SafetyOutlined } from '@ant-design/icons';
import { Form, Input } from 'antd';

/** The picture captcha a login asks for after failed attempts: the answer's field (`verCode`) and its image. */
export function CaptchaInput({
  img,
  onRefresh,
  placeholder,
}: {
  img: string;
  onRefresh: () => void;
  placeholder?: string;
}) {
  return (
    <div style={{ display: 'flex', gap: 8 }}>
      <Form.Item name="verCode" noStyle>
        <Input
          prefix={<SafetyOutlined />}
          placeholder={placeholder}
          maxLength={8}
          autoComplete="off"
          aria-label="图形验证码"
        />
      </Form.Item>
      <img
        src={img}
        alt="图形验证码，点击换一张"
        title="看不清？点击换一张"
        width={120}
        height={40}
        className="qk-captcha"
        onClick={onRefresh}
      />
    </div>
  );
}

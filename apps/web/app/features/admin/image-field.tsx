import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Image, Input, Space, Upload } from 'antd';
import { uploadAdminImage } from './upload.ts';
import { useAdminAction } from './use-admin-action.ts';

interface ImageFieldProps {
  value?: string;
  onChange?: (url: string) => void;
  /** Preview box size in px; banners and logos want different shapes. */
  previewWidth?: number;
  previewHeight?: number;
}

/**
 * A form control holding an image address: upload a file (adminUploadPic) or paste an address, with a preview.
 * The address stays editable because sites often point at images they already host elsewhere.
 */
export function ImageField({ value = '', onChange, previewWidth = 160, previewHeight = 90 }: ImageFieldProps) {
  const { run, pending } = useAdminAction();

  async function upload(file: File) {
    const result = await run(() => uploadAdminImage(file), '图片已上传');
    if (result) onChange?.(result.url);
  }

  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }}>
      <div
        style={{
          width: previewWidth,
          height: previewHeight,
          border: '1px dashed #d9d9d9',
          borderRadius: 6,
          background: '#fafafa',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          overflow: 'hidden',
        }}
      >
        {value ? (
          <Image
            src={value}
            alt="预览"
            style={{ maxWidth: previewWidth, maxHeight: previewHeight, objectFit: 'contain' }}
          />
        ) : (
          <span style={{ color: '#999', fontSize: 12 }}>未设置图片</span>
        )}
      </div>
      <div style={{ display: 'flex', gap: 8, width: '100%', maxWidth: 600 }}>
        <Input
          style={{ flex: 1 }}
          value={value}
          placeholder="上传图片，或填写以 http(s):// 或 / 开头的地址"
          onChange={(e) => onChange?.(e.target.value)}
          allowClear
        />
        <Upload
          accept="image/png,image/jpeg,image/webp,image/gif"
          showUploadList={false}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={pending}>
            上传
          </Button>
        </Upload>
        {value ? <Button icon={<DeleteOutlined />} aria-label="清除图片" onClick={() => onChange?.('')} /> : null}
      </div>
    </Space>
  );
}

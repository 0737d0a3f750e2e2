import { Input } from 'antd';

interface Props {
  value: string;
  onChange: (html: string) => void;
  placeholder?: string;
  'aria-label'?: string;
}

/**
 * The body of a post: the one place the rich editor goes in. Until then a text area that takes HTML (headings,
 * lists, code blocks, images); the server cleans whatever is sent (decision 31).
 */
export function BodyField({ value, onChange, placeholder, 'aria-label': label }: Props) {
  return (
    <Input.TextArea
      className="qk-blog-write__body"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      placeholder={placeholder}
      aria-label={label}
      autoSize={{ minRows: 16, maxRows: 40 }}
    />
  );
}

import { RichEditor } from '../../components/rich-editor/rich-editor.tsx';

export interface BodyFieldProps {
  /** The body as HTML (given by the form when the field sits in one). */
  value?: string;
  onChange?: (html: string) => void;
  placeholder?: string;
  'aria-label'?: string;
  minHeight?: number;
}

/** The body of a post, a question or an answer: the rich-text editor, as HTML. */
export function BodyField({ value = '', onChange, ...rest }: BodyFieldProps) {
  return <RichEditor value={value} onChange={(html) => onChange?.(html)} {...rest} />;
}

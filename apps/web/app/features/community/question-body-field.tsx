import { RichEditor } from '../../components/rich-editor/rich-editor.tsx';

export interface QuestionBodyFieldProps {
  /** The body as HTML (given by the form). */
  value?: string;
  onChange?: (html: string) => void;
  placeholder?: string;
  'aria-label'?: string;
  minHeight?: number;
}

/** The body of a question or an answer, in a form: the rich-text editor, as HTML. */
export function QuestionBodyField({ value = '', onChange, ...rest }: QuestionBodyFieldProps) {
  return <RichEditor value={value} onChange={(html) => onChange?.(html)} {...rest} />;
}

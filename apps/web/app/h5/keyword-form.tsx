import { Form } from 'react-router';
import './keyword-form.css';

/** A one-field search of a phone page: the keyword goes to the page's own address as ?`name`=. */
export function H5KeywordForm(props: {
  name: string;
  initial: string;
  placeholder: string;
  label: string;
  /** the field's own name for screen readers; the placeholder by default */
  fieldLabel?: string;
  maxLength: number;
}) {
  return (
    <Form method="get" className="h5-keyword" role="search" aria-label={props.label}>
      <input
        key={props.initial}
        type="search"
        name={props.name}
        defaultValue={props.initial}
        maxLength={props.maxLength}
        placeholder={props.placeholder}
        aria-label={props.fieldLabel ?? props.placeholder}
        enterKeyHint="search"
      />
      <button type="submit" className="h5-button h5-button--primary">
        搜索
      </button>
    </Form>
  );
}

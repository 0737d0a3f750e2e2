import { useEffect, useRef, type ReactNode } from 'react';

/** A small modal of our own for public pages (antd's Modal is not among their styles). */
export function ConfirmDialog(props: {
  title: string;
  okText: string;
  cancelText: string;
  onOk: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
  }, []);
  return (
    <dialog ref={ref} className="qk-exam-dialog" onCancel={props.onCancel} aria-labelledby="qk-exam-dialog-title">
      <h3 id="qk-exam-dialog-title">{props.title}</h3>
      <div className="qk-exam-dialog__body">{props.children}</div>
      <div className="qk-exam-dialog__foot">
        <button type="button" className="qk-exam-btn" onClick={props.onCancel}>
          {props.cancelText}
        </button>
        <button type="button" className="qk-exam-btn qk-exam-btn--primary" onClick={props.onOk}>
          {props.okText}
        </button>
      </div>
    </dialog>
  );
}

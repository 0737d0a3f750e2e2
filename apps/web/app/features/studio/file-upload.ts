import { useRef, type ChangeEvent } from 'react';
import { ApiError } from '../../api/client.ts';
import { useAction } from '../account/use-action.ts';

export interface FileRule {
  allowed: readonly string[];
  maxBytes: number;
  typeMessage: string;
}

/** Why a chosen file cannot be sent (its extension, its size), checked before a byte goes; the server checks again. */
export function fileProblem(file: { name: string; size: number }, rule: FileRule): string | null {
  const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  if (!rule.allowed.includes(ext)) return rule.typeMessage;
  if (file.size > rule.maxBytes) return `文件不能超过 ${rule.maxBytes / 1024 / 1024} MB`;
  if (file.size === 0) return '文件为空，请检查文件';
  return null;
}

/**
 * One file from a hidden file input: checked against `rule`, then `send`, with the outcome as a toast and
 * `onDone` after a success. `inputProps` go on the input, `choose` opens the file chooser.
 */
export function useFileUpload(rule: FileRule, send: (file: File) => Promise<unknown>, onDone: () => void) {
  const input = useRef<HTMLInputElement>(null);
  const { run, pending } = useAction();

  async function pick(file: File | undefined) {
    if (input.current) input.current.value = '';
    if (!file) return;
    const done = await run(
      async () => {
        const problem = fileProblem(file, rule);
        if (problem) throw new ApiError(999, problem);
        return send(file);
      },
      { toast: true, success: `已上传「${file.name}」` },
    );
    if (done !== undefined) onDone();
  }

  return {
    run,
    pending,
    choose: () => input.current?.click(),
    inputProps: {
      ref: input,
      type: 'file',
      hidden: true,
      accept: rule.allowed.map((e) => `.${e}`).join(','),
      onChange: (e: ChangeEvent<HTMLInputElement>) => void pick(e.target.files?.[0]),
    },
  };
}

/**
 * The address a writer typed for a link, as it will be stored: http(s) and mailto addresses, and paths of this
 * site. A bare domain gets https://. Anything else — javascript:, data:, vbscript:, file: and the spellings that hide
 * them behind entities, tabs or control characters — is refused with `null` (the server drops them too).
 */
export function safeLinkUrl(input: string): string | null {
  const typed = input.trim();
  if (!typed) return null;
  const squeezed = squeeze(typed);
  if (/^(https?:\/\/[^/\\]|mailto:[^\s@]+@)/i.test(squeezed)) return typed;
  if (/^\/(?![/\\])/.test(squeezed)) return typed;
  if (/^[a-z][a-z0-9+.-]*:/i.test(squeezed) || /[&<>"'`]/.test(squeezed) || squeezed.startsWith('/')) return null;
  // www.example.com/path or example.com
  if (/^[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)+([/?#].*)?$/u.test(typed)) return `https://${typed}`;
  return null;
}

/** A browser ignores control characters and whitespace inside a scheme: so does this check. */
function squeeze(url: string): string {
  return [...url]
    .filter((c) => {
      const code = c.codePointAt(0)!;
      return code > 0x20 && (code < 0x7f || code > 0xa0);
    })
    .join('');
}

export const LINK_REFUSED = '请填写以 http:// 或 https:// 开头的网址（或 mailto: 邮箱地址）';

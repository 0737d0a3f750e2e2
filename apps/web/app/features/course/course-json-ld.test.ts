import { describe, expect, it } from 'vitest';
import { jsonForScript } from './course-json-ld.tsx';

describe('jsonForScript', () => {
  const hostile = '</script><script>window.__xss=1</script><!-- & -->';

  it('writes nothing that could close the script element or open a comment', () => {
    const text = jsonForScript({ name: hostile });
    expect(text).not.toMatch(/[<>&]/);
  });

  it('reads back as the same data', () => {
    expect(JSON.parse(jsonForScript({ name: hostile, n: 1 }))).toEqual({ name: hostile, n: 1 });
  });
});

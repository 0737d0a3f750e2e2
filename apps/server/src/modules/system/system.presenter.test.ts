import { describe, expect, it } from 'vitest';
import { parseBannerData } from './system.presenter.ts';

describe('banner data', () => {
  it('reads a stored list, filling defaults', () => {
    expect(parseBannerData('[{"img":"/a.png"}]')).toEqual([{ img: '/a.png', title: '', url: '', target: '_blank' }]);
  });
  it('gives an empty list for JSON that fails to parse or is not a list', () => {
    expect(parseBannerData('{oops')).toEqual([]);
    expect(parseBannerData('{"img":"/a.png"}')).toEqual([]);
  });
  it('drops items without an image', () => {
    expect(parseBannerData('[{"title":"x"},{"img":"/b.png","title":"b"}]')).toHaveLength(1);
  });
});

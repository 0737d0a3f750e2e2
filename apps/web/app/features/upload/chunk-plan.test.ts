import { describe, expect, it } from 'vitest';
import { Limits } from '#contract/codes.ts';
import { ChunkFields, VIDEO_MAX_BYTES, VIDEO_SIZE_MESSAGE, VIDEO_TYPE_MESSAGE } from '#contract/upload.ts';
import { bytesHeld, chunkFields, chunkRange, chunksToSend, totalChunksOf } from './chunk-plan.ts';
import { videoFileProblem } from './video-check.ts';

const CHUNK = Limits.uploadChunkBytes;

describe('chunk layout (simple-uploader without forceChunkSize)', () => {
  it('cuts whole chunks and joins the remainder to the last one', () => {
    expect(totalChunksOf(1)).toBe(1);
    expect(totalChunksOf(CHUNK - 1)).toBe(1);
    expect(totalChunksOf(CHUNK)).toBe(1);
    expect(totalChunksOf(2 * CHUNK - 1)).toBe(1);
    expect(totalChunksOf(2 * CHUNK)).toBe(2);
    const size = 5 * CHUNK + 123;
    expect(totalChunksOf(size)).toBe(5);
    expect(chunkRange(size, 1)).toEqual({ start: 0, end: CHUNK });
    expect(chunkRange(size, 5)).toEqual({ start: 4 * CHUNK, end: size });
  });

  it('covers every byte once and sends fields the server accepts', () => {
    for (const size of [1, 1000, CHUNK, CHUNK + 1, 2 * CHUNK - 1, 2 * CHUNK, 7 * CHUNK + 999, 200 * 1024 * 1024]) {
      const total = totalChunksOf(size);
      let covered = 0;
      for (let n = 1; n <= total; n++) {
        const { start, end } = chunkRange(size, n);
        expect(start).toBe(covered);
        covered = end;
        const fields = chunkFields({ name: 'lesson.mp4', size }, 'A'.repeat(32), n);
        const parsed = ChunkFields.safeParse(fields);
        expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
        expect(fields.currentChunkSize).toBe(end - start);
        expect(fields.currentChunkSize).toBeLessThan(2 * CHUNK);
      }
      expect(covered).toBe(size);
    }
  });

  it('sends the missing chunks, first missing first; with none missing, the last again to trigger assembly', () => {
    const size = 6 * CHUNK + 10;
    expect(chunksToSend(size, [])).toEqual([1, 2, 3, 4, 5, 6]);
    expect(chunksToSend(size, [1, 2, 4])).toEqual([3, 5, 6]);
    expect(chunksToSend(size, [1, 2, 3, 4, 5, 6])).toEqual([6]);
    expect(bytesHeld(size, [1, 6, 6, 99])).toBe(CHUNK + CHUNK + 10);
  });
});

describe('the check before upload', () => {
  it('refuses other types and files over 4 GB before a byte is sent', () => {
    expect(videoFileProblem({ name: '第一课.mp4', size: 200 * 1024 * 1024 })).toBeNull();
    expect(videoFileProblem({ name: 'LESSON.MOV', size: VIDEO_MAX_BYTES })).toBeNull();
    expect(videoFileProblem({ name: 'notes.txt', size: 100 })).toBe(VIDEO_TYPE_MESSAGE);
    expect(videoFileProblem({ name: 'mp4', size: 100 })).toBe(VIDEO_TYPE_MESSAGE);
    expect(videoFileProblem({ name: 'big.mp4', size: VIDEO_MAX_BYTES + 1 })).toBe(VIDEO_SIZE_MESSAGE);
    expect(videoFileProblem({ name: 'empty.mp4', size: 0 })).toBe('文件为空，请检查文件');
  });
});

/**
 * Whether the first bytes of a file look like a video container the transcoder reads. A text or image file
 * renamed .mp4 is refused here, before its chunks are stored, instead of failing later in the transcode job.
 */
export function looksLikeVideo(head: Buffer): boolean {
  if (head.length < 12) return false;
  const ascii = (from: number, to: number) => head.subarray(from, to).toString('latin1');
  // ISO base media (mp4, mov, m4v, 3gp): a box type at offset 4
  if (['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip', 'pnot'].includes(ascii(4, 8))) return true;
  if (head.readUInt32BE(0) === 0x1a45dfa3) return true; // Matroska / WebM (EBML)
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'AVI ') return true;
  if (ascii(0, 3) === 'FLV') return true;
  if (head.readUInt32BE(0) === 0x3026b275) return true; // ASF (wmv)
  if (head.readUInt32BE(0) === 0x000001ba || head.readUInt32BE(0) === 0x000001b3) return true; // MPEG program stream
  if (head[0] === 0x47 && (head.length < 189 || head[188] === 0x47)) return true; // MPEG transport stream
  return false;
}

export const NOT_A_VIDEO = '文件内容不是可识别的视频，请检查文件后重新上传';

import crypto from 'node:crypto';

/** A multipart/form-data body as a browser sends an upload: the fields first, then one file part named `file`. */
export function multipartBody(
  fields: Record<string, string | number>,
  file: { name: string; bytes: Buffer; type?: string },
): { payload: Buffer; contentType: string } {
  const boundary = `----qk${crypto.randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

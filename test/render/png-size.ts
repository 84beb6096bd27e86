import { PNG } from 'pngjs';

/** The PNG signature, then IHDR as the first chunk: width and height read from it directly. */
export function pngHeader(bytes: Uint8Array): { width: number; height: number } {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length < 24 || signature.some((b, i) => bytes[i] !== b)) throw new Error('not a PNG');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (String.fromCharCode(...bytes.subarray(12, 16)) !== 'IHDR')
    throw new Error('IHDR is not the first chunk');
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** Decodes the whole image (every chunk and CRC checked by pngjs) and counts its dark pixels (drawn text). */
export function decodePng(bytes: Uint8Array): { width: number; height: number; darkPixels: number } {
  const png = PNG.sync.read(Buffer.from(bytes));
  let darkPixels = 0;
  for (let i = 0; i < png.data.length; i += 4) {
    if (png.data[i]! < 100 && png.data[i + 1]! < 100 && png.data[i + 2]! < 100) darkPixels += 1;
  }
  return { width: png.width, height: png.height, darkPixels };
}

import sharp from 'sharp';

// Image checks for uploads: the content decides, never the file name or the declared type.
// A file must start like a JPEG, PNG or WebP, decode completely (a truncated image is
// refused, not half-shown), and is then re-encoded. Re-encoding drops EXIF and every other
// piece of metadata (location, camera serial) and any bytes appended after the image.

export type ImageFormat = 'jpeg' | 'png' | 'webp';

export interface CleanImage {
  data: Buffer;
  format: ImageFormat;
  mime: `image/${ImageFormat}`;
  extension: 'jpg' | 'png' | 'webp';
  width: number;
  height: number;
}

/** Decoding a 40-megapixel bomb is refused before it allocates; no phone photo is that large. */
const inputPixelsMax = 40_000_000;
/** ID photos and receipts stay legible at this size; larger only costs storage. */
const outputEdgeMax = 4096;

const extensions = { jpeg: 'jpg', png: 'png', webp: 'webp' } as const;

/** The format the first bytes announce, if it is one we accept. Other decoders (SVG, TIFF, PDF…) never run. */
export function sniffImageFormat(bytes: Buffer): ImageFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/** The re-encoded image, or null when the bytes are not a whole JPEG, PNG or WebP. */
export async function cleanImage(bytes: Buffer): Promise<CleanImage | null> {
  const sniffed = sniffImageFormat(bytes);
  if (!sniffed) return null;
  try {
    const options = { failOn: 'truncated', limitInputPixels: inputPixelsMax } as const;
    const metadata = await sharp(bytes, options).metadata();
    if (metadata.format !== sniffed) return null;
    // rotate() applies the EXIF orientation first, so a photo stays upright once the tag is gone.
    const pipeline = sharp(bytes, options).rotate().resize({ width: outputEdgeMax, height: outputEdgeMax, fit: 'inside', withoutEnlargement: true });
    const encoded =
      sniffed === 'jpeg' ? pipeline.jpeg({ quality: 85, mozjpeg: true }) : sniffed === 'png' ? pipeline.png({ compressionLevel: 9 }) : pipeline.webp({ quality: 85 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { data, format: sniffed, mime: `image/${sniffed}`, extension: extensions[sniffed], width: info.width, height: info.height };
  } catch {
    // libvips reports corrupt, truncated and unsupported input alike by throwing.
    return null;
  }
}

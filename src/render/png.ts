import { createRequire } from 'node:module';
import { renderAsync } from '@resvg/resvg-js';

const require = createRequire(import.meta.url);

/**
 * The fonts every image is drawn with: DejaVu from the `dejavu-fonts-ttf` package, loaded by path with the system
 * fonts switched off, so a bare server, a developer's machine and the Docker image draw the same pixels.
 */
export const FONT_FILES: readonly string[] = [
  'DejaVuSans.ttf',
  'DejaVuSans-Bold.ttf',
  'DejaVuSansMono.ttf',
  'DejaVuSansMono-Bold.ttf',
].map((name) => require.resolve(`dejavu-fonts-ttf/ttf/${name}`));

/** An SVG document (built by src/render/*) drawn as a PNG at its own size, off the event loop. */
export async function renderPng(svg: string): Promise<Buffer> {
  const image = await renderAsync(svg, {
    font: { loadSystemFonts: false, fontFiles: [...FONT_FILES], defaultFontFamily: 'DejaVu Sans' },
    fitTo: { mode: 'original' },
    background: '#ffffff',
    logLevel: 'off',
  });
  return image.asPng();
}

/**
 * Turns a file name asked for by a client (`?download=name`) into one that is safe in a Content-Disposition header
 * and on any file system: no path, no control or quote characters, no bidirectional controls (a right-to-left
 * override makes `gpj.exe` read as `exe.jpg`), bounded length, and the extension of the bytes actually served (a
 * `.png` name on JPEG bytes would mislead the person who opens it).
 */
import { withoutHiddenControls } from './text';

const MAX_NAME_CHARS = 120;

export function sanitizeDownloadName(requested: string, extension: string, fallbackStem = 'image'): string {
  const base = requested.split(/[\\/]/).pop() ?? '';
  const cleaned = withoutHiddenControls(base.normalize('NFKC'), { keepLineBreaks: false })
    .replace(/["'`<>:|?*;%]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  const stem = stripExtension(cleaned).slice(0, MAX_NAME_CHARS).trim() || fallbackStem;
  return `${stem}.${extension}`;
}

function stripExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return name;
  const ext = name.slice(dot + 1).toLowerCase();
  return /^[a-z0-9]{1,5}$/.test(ext) ? name.slice(0, dot) : name;
}

/** `attachment; filename="ascii"; filename*=UTF-8''utf8` so every browser gets a usable, correct name. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Which result formats this browser can show, for Compress's `format=auto` (sent as its `accept` field, ADR 0135).
 * A fetch does not send a browser's picture Accept header, so each format is asked of the browser itself: a 2 × 2
 * picture of it (made here with libvips) is decoded by an Image. JPEG and PNG every browser shows.
 */
const PROBES = {
  avif: 'AAAAHGZ0eXBhdmlmAAAAAG1pZjFhdmlmbWlhZgAAANZtZXRhAAAAAAAAACFoZGxyAAAAAAAAAABwaWN0AAAAAAAAAAAAAAAAAAAAACJpbG9jAAAAAERAAAEAAQAAAAAA+gABAAAAAAAAACMAAAAjaWluZgAAAAAAAQAAABVpbmZlAgAAAAABAABhdjAxAAAAAA5waXRtAAAAAAABAAAAVmlwcnAAAAA4aXBjbwAAAAxhdjFDgSACAAAAABRpc3BlAAAAAAAAAAIAAAACAAAAEHBpeGkAAAAAAwgICAAAABZpcG1hAAAAAAAAAAEAAQOBAgMAAAArbWRhdBIACgc4ADaQENBpMhYZQmMEwAA0AACQQMkcYU5DK1snLyGI',
  webp: 'UklGRjYAAABXRUJQVlA4ICoAAACQAQCdASoCAAIAAsBMJaACdLoAA5gA/ueL/0KNlE14/+Wf+f3xd7mAAAA=',
} as const;

const shows = (format: keyof typeof PROBES) =>
  new Promise<boolean>((resolve) => {
    const img = new Image();
    img.onload = () => resolve(img.naturalWidth === 2);
    img.onerror = () => resolve(false);
    img.src = `data:image/${format};base64,${PROBES[format]}`;
  });

let known: Promise<string> | null = null;

/** The `accept` field for this browser, e.g. `avif,webp,jpeg,png`; asked once a page. */
export function browserAccept(): Promise<string> {
  known ??= Promise.all([shows('avif'), shows('webp')]).then(([avif, webp]) =>
    [avif ? 'avif' : '', webp ? 'webp' : '', 'jpeg', 'png'].filter(Boolean).join(','),
  );
  return known;
}

/**
 * The photos bench/auto-quality.ts measures `quality=auto` on, as paths under ../shared/corpus or ../shared/fixtures:
 * the ones the search's settings were tuned on are kept apart from those no tuning saw, so the held-out figures are
 * the honest ones (ADR 0102, 0140).
 */

/** The corpus photos the search's settings were tuned on (ADR 0102, 0140): printed apart from the held-out ones. */
export const TUNED_ON = [
  'astronaut.png',
  'chelsea.png',
  'coffee.png',
  'rocket.jpg',
  'hubble_deep_field.jpg',
  'motorcycle_left.png',
].map((n) => `photos/${n}`);

/**
 * Photographs of other kinds, from the memegen template fixtures (film stills and stock photos, already JPEG, 0.16 to
 * 11.7 MP): none seen while tuning, and the two largest the size of phone photos, so never AVIF.
 */
export const STILLS = [
  'disastergirl',
  'doge',
  'dwight',
  'grumpycat',
  'harold',
  'kermit',
  'money',
  'success',
  'woman-cat',
  'spiderman',
].map((n) => `memegen-templates/${n}/default.jpg`);

/** Photos none of the tuning saw: the camera photos of the corpus' EXIF samples (640 × 480). */
export const HELD_OUT = [
  'DSCN0010',
  'DSCN0012',
  'DSCN0021',
  'DSCN0025',
  'DSCN0027',
  'DSCN0029',
  'DSCN0038',
  'DSCN0040',
  'DSCN0042',
].map((n) => `exif/jpg/gps/${n}.jpg`);

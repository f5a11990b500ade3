/**
 * Resize presets: the ten original (docs/product.md §5.3) first (their ids are part of the API, the first four are the quick presets), then the
 * sizes the platforms publish for their most used pictures, offered under "More sizes".
 */
export interface ResizePreset {
  id: string;
  name: string;
  width: number;
  height: number;
  category: 'social' | 'print' | 'web';
}

export const RESIZE_PRESETS = [
  { id: 'instagram-square', name: 'Instagram Square', width: 1080, height: 1080, category: 'social' },
  { id: 'instagram-story', name: 'Instagram Story', width: 1080, height: 1920, category: 'social' },
  { id: 'facebook-cover', name: 'Facebook Cover', width: 1200, height: 630, category: 'social' },
  { id: 'twitter-header', name: 'Twitter Header', width: 1500, height: 500, category: 'social' },
  { id: 'a4', name: 'A4 (300 DPI)', width: 2480, height: 3508, category: 'print' },
  { id: 'us-letter', name: 'US Letter (300 DPI)', width: 2550, height: 3300, category: 'print' },
  { id: '4x6-photo', name: '4x6 Photo', width: 1200, height: 1800, category: 'print' },
  { id: '5x7-photo', name: '5x7 Photo', width: 1500, height: 2100, category: 'print' },
  { id: 'banner-wide', name: 'Web Banner', width: 1200, height: 300, category: 'web' },
  { id: 'thumbnail', name: 'Thumbnail', width: 300, height: 300, category: 'web' },
  { id: 'youtube-thumbnail', name: 'YouTube Thumbnail', width: 1280, height: 720, category: 'social' },
  { id: 'youtube-banner', name: 'YouTube Channel Banner', width: 2560, height: 1440, category: 'social' },
  { id: 'x-post', name: 'X (Twitter) Post', width: 1600, height: 900, category: 'social' },
  { id: 'linkedin-post', name: 'LinkedIn Post', width: 1200, height: 627, category: 'social' },
  { id: 'facebook-page-cover', name: 'Facebook Page Cover', width: 820, height: 312, category: 'social' },
  { id: 'pinterest-pin', name: 'Pinterest Pin', width: 1000, height: 1500, category: 'social' },
] as const satisfies readonly ResizePreset[];

export const QUICK_PRESET_COUNT = 4;
export const PRESET_CATEGORY_LABELS: Record<ResizePreset['category'], string> = {
  social: 'Social media',
  print: 'Print',
  web: 'Web',
};
export const RESIZE_DEFAULT = { width: 800, height: 600 } as const;

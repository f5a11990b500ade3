import { formatBytes } from '../../../core/file-size';
import { useEffect, useState } from 'react';
import { WATERMARK_LOGO_MAX_BYTES, WATERMARK_LOGO_MAX_SIDE } from '../../../core/tools/watermark-options';
import { checkImageBytes } from '../../../core/images/intake';
import { displaySize } from '../../../core/images/sniff';
import { toast } from '~/lib/toast';
import type { ChosenLogo, WatermarkSettings } from './watermark-settings';

/** Reads a chosen logo: a PNG or WebP within the server's limits, refused here with the same words before any upload. */
async function chooseLogo(file: File): Promise<ChosenLogo | null> {
  const refuse = (title: string, message: string) => {
    toast.error(title, message);
    return null;
  };
  if (file.size > WATERMARK_LOGO_MAX_BYTES)
    return refuse(
      'Logo too large',
      `The logo is larger than ${formatBytes(WATERMARK_LOGO_MAX_BYTES)}. Please choose a smaller PNG.`,
    );
  const checked = checkImageBytes(new Uint8Array(await file.arrayBuffer()));
  if (!checked.ok || (checked.info.format !== 'png' && checked.info.format !== 'webp'))
    return refuse('Not a PNG', 'The logo must be a PNG or WebP picture (a logo keeps its transparent background).');
  const size = displaySize(checked.info);
  if (Math.max(size.width, size.height) > WATERMARK_LOGO_MAX_SIDE)
    return refuse(
      'Logo too large',
      `The logo may be at most ${WATERMARK_LOGO_MAX_SIDE.toLocaleString('en-US')} px a side.`,
    );
  return { file, url: URL.createObjectURL(file), size };
}

/**
 * The Watermark tab's logo picker: reads a chosen file into the settings (switching the mark to the logo), says while
 * it reads, and frees the logo's preview URL once another logo, or none, is chosen.
 */
export function useWatermarkLogo(s: WatermarkSettings, set: (s: WatermarkSettings) => void) {
  // The logo's preview URL lives as long as the logo is chosen.
  const logoUrl = s.logo?.url;
  useEffect(() => () => (logoUrl ? URL.revokeObjectURL(logoUrl) : undefined), [logoUrl]);
  const [picking, setPicking] = useState(false);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setPicking(true);
    const logo = await chooseLogo(file);
    setPicking(false);
    if (logo) set({ ...s, mark: 'logo', logo });
  };
  return { picking, pick };
}

export const UPLOAD_SUCCESS = {
  title: 'Success!',
  description: 'Image uploaded successfully. Redirecting to editor...',
};

export const UPLOAD_FAILED_TITLE = 'Upload failed';
export const UPLOAD_FAILED_FALLBACK = 'Please try again with a different image.';

/** Only the first file counts, whether dropped, picked or pasted. */
export function firstFile(files: FileList | readonly File[] | null | undefined): File | null {
  if (!files || files.length === 0) return null;
  return files[0] ?? null;
}

/** The path and query of an address (the API answers absolute ones); a path is kept as it is. */
function sitePath(address: string): string {
  try {
    const url = new URL(address);
    return `${url.pathname}${url.search}`;
  } catch {
    return address;
  }
}

/**
 * Where the editor opens an uploaded image, by the picture's path on this site (the upload answers its absolute
 * address); the file's name goes along to name the download (holiday-meme.jpg).
 */
export function editorUrlForImage(imageUrl: string, fileName?: string): string {
  const params = new URLSearchParams({ image: sitePath(imageUrl) });
  if (fileName) params.set('name', fileName);
  return `/meme-generator?${params.toString().replace(/\+/g, '%20')}`;
}
